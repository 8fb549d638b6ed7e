import type { ListSyncState } from '@/features/lists/sync/pending'

export const newSyncState = (fresh: boolean): ListSyncState => ({
  version: 1,
  since: 0,
  fresh,
  pending: [],
  hideSeen: null,
  services: null,
})

export const pendingCount = (state: ListSyncState | null): number =>
  state
    ? state.pending.length +
      (state.hideSeen ? 1 : 0) +
      (state.services ? 1 : 0) +
      (state.lists?.length ?? 0)
    : 0

interface Entry {
  title: string
  poster_path?: string | null
  release_date?: string | null
  vote_average?: number | null
  added_at?: string | null
}

export const sameEntry = (a: Entry, b: Entry) =>
  a.title === b.title &&
  (a.poster_path ?? null) === (b.poster_path ?? null) &&
  (a.release_date ?? null) === (b.release_date ?? null) &&
  (a.vote_average ?? null) === (b.vote_average ?? null) &&
  (a.added_at ?? null) === (b.added_at ?? null)
