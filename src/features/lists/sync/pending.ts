// Written in the same step as the list (docs/architecture.md); kept small, as the entry loads it.
import { userKey } from '@/lib/session/user-storage'
import { SYNC_LISTS, type SyncListName, type WatchService } from '@/shared/lists/merge'
import { readStored, writeStored } from '@/lib/storage'
import * as v from '@/lib/validate'

export interface PendingEdit {
  list: SyncListName
  movieId: number
  present: boolean
  /** ms since the epoch, on this device. */
  editedAt: number
}

const syncStateSchema = v.object({
  version: v.literal(1),
  since: v.number(),
  /** The lists here are not the account's yet: the next response replaces them. */
  fresh: v.boolean(),
  pending: v.array(
    v.object({
      list: v.oneOf(SYNC_LISTS),
      movieId: v.number(),
      present: v.boolean(),
      editedAt: v.number(),
    }),
  ),
  hideSeen: v.nullable(v.object({ value: v.boolean(), editedAt: v.number() })),
  // Absent in states saved before services could be chosen.
  services: v.nullish(
    v.object({
      value: v.array(v.object({ id: v.number(), name: v.string() })),
      editedAt: v.number(),
    }),
  ),
})

export type ListSyncState = v.Infer<typeof syncStateSchema>

export const syncStateKey = (email: string) => userKey('list-sync', email)

export const readSyncState = (email: string): ListSyncState | null =>
  readStored(syncStateKey(email), syncStateSchema)

export const writeSyncState = (email: string, state: ListSyncState): void => {
  writeStored(syncStateKey(email), state)
}

export const EDIT_RECORDED = 'cinelist:list-edit'

/** When the state cannot be saved, `undo` puts back the list saved with it: all or none. */
function record(email: string, change: (state: ListSyncState) => ListSyncState, undo?: () => void) {
  // Only server mode's sync writes the state: on a static host nothing is recorded.
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
  const edits: PendingEdit[] = [...had, ...has]
    .filter((id) => had.has(id) !== has.has(id))
    .map((movieId) => ({ list, movieId, present: has.has(movieId), editedAt }))
  if (edits.length === 0) return
  record(
    email,
    (state) => ({
      ...state,
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

export function recordHideSeen(email: string, value: boolean): void {
  record(email, (state) => ({ ...state, hideSeen: { value, editedAt: Date.now() } }))
}

export function recordServices(email: string, value: WatchService[]): void {
  record(email, (state) => ({ ...state, services: { value, editedAt: Date.now() } }))
}
