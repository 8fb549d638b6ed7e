/**
 * With accounts on the server, what this browser has not sent to the account yet: per entry, its
 * latest edit, kept in storage next to the lists (`list-sync:<e-mail>`) and written in the same
 * step as the list, so a reload, a closed tab or a crash loses none. Only the recording is here,
 * kept small (the entry loads it); the rest is sync-state.ts's and engine.ts's, loaded once
 * someone is signed in. A user without this record has never synced from this browser: nothing
 * is recorded until they do, so their lists can be offered to the account first (bring-in.ts).
 */
import { userKey } from '@/lib/session/user-storage'
import { SYNC_LISTS, type SyncListName } from '@/shared/lists/merge'
import { readStored, writeStored } from '@/lib/storage'
import * as v from '@/lib/validate'

/** One entry's latest unsent edit. What it shows is read from the list when it is sent. */
export interface PendingEdit {
  list: SyncListName
  movieId: number
  present: boolean
  /** ms since the epoch, on this device. */
  editedAt: number
}

const syncStateSchema = v.object({
  version: v.literal(1),
  /** The account's counter this browser has seen up to. */
  since: v.number(),
  /** The lists here are not the account's yet: the next answer replaces them. */
  fresh: v.boolean(),
  pending: v.array(
    v.object({
      list: v.oneOf(SYNC_LISTS),
      movieId: v.number(),
      present: v.boolean(),
      editedAt: v.number(),
    }),
  ),
  /** "Hide seen", when changed and not sent yet. */
  hideSeen: v.nullable(v.object({ value: v.boolean(), editedAt: v.number() })),
})

export type ListSyncState = v.Infer<typeof syncStateSchema>

export const syncStateKey = (email: string) => userKey('list-sync', email)

export const readSyncState = (email: string): ListSyncState | null =>
  readStored(syncStateKey(email), syncStateSchema)

/** Throws StorageError when it cannot be saved. */
export const writeSyncState = (email: string, state: ListSyncState): void => {
  writeStored(syncStateKey(email), state)
}

/** The window event after each edit recorded in this tab (the engine syncs soon after). */
export const EDIT_RECORDED = 'cinelist:list-edit'

/**
 * Saves the state `change` makes of the user's, when edits are recorded for them, and tells the
 * engine. When it cannot be saved, `undo` puts back what was saved with it (the list), and the
 * StorageError goes on: all or none.
 */
function record(email: string, change: (state: ListSyncState) => ListSyncState, undo?: () => void) {
  // Only server mode's sync writes the state: on a static host there is none, and nothing is
  // recorded.
  const state = readSyncState(email)
  if (!state) return
  try {
    writeSyncState(email, change(state))
  } catch (error) {
    undo?.()
    throw error
  }
  dispatchEvent(new Event(EDIT_RECORDED))
}

/**
 * Records a list's save: each film that came or went, as an edit made now (the lists' saves
 * change which films are on them; an entry's fields never change in place).
 */
export function recordListSave(
  list: SyncListName,
  email: string,
  before: readonly { id: number }[],
  after: readonly { id: number }[],
  undo: () => void,
): void {
  const had = new Set(before.map((entry) => entry.id))
  const has = new Set(after.map((entry) => entry.id))
  const editedAt = Date.now()
  // The films on one side only: those that came or went.
  const edits: PendingEdit[] = [...had, ...has]
    .filter((id) => had.has(id) !== has.has(id))
    .map((movieId) => ({ list, movieId, present: has.has(movieId), editedAt }))
  if (edits.length === 0) return
  record(
    email,
    (state) => ({
      ...state,
      // One per entry: the newest.
      pending: [
        ...state.pending.filter(
          (edit) => edit.list !== list || !(had.has(edit.movieId) !== has.has(edit.movieId)),
        ),
        ...edits,
      ],
    }),
    undo,
  )
}

/** Records a change of "Hide seen" (before it is saved). Throws StorageError when it cannot. */
export function recordHideSeen(email: string, value: boolean): void {
  record(email, (state) => ({ ...state, hideSeen: { value, editedAt: Date.now() } }))
}
