import fc from 'fast-check'
import { SYNC_LISTS, type ListEdit, type SyncMovie, type SyncState } from '@/shared/lists/merge'

/**
 * List edits of few movies (ids 1 to `movies`) at few distinct times, so that edits of the same
 * entry, and ties, are common. An addition carries a movie `movieOf` draws for its id.
 */
export function listEditArb(
  movies: number,
  times: { min: number; max: number },
  movieOf: (movieId: number) => fc.Arbitrary<SyncMovie>,
): fc.Arbitrary<ListEdit> {
  return fc
    .record({
      list: fc.constantFrom(...SYNC_LISTS),
      movieId: fc.integer({ min: 1, max: movies }),
      present: fc.boolean(),
      editedAt: fc.integer(times),
    })
    .chain((edit) =>
      edit.present ? movieOf(edit.movieId).map((movie) => ({ ...edit, movie })) : fc.constant(edit),
    )
}

/** A state's entries in key order, to compare as data. */
export const entriesByKey = (state: SyncState) =>
  [...state.entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
