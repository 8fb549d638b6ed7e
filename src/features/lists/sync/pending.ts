// Written in the same step as the list (docs/architecture.md); kept small, as the entry loads it.
import { userKey } from '@/lib/session/user-storage'
import { SYNC_LISTS, type EntryListKey, type WatchService } from '@/shared/lists/merge'
import { isNamedListKey, type ListMetaEdit } from '@/shared/lists/named'
import { readStored, writeStored } from '@/lib/storage'
import * as v from '@/lib/validate'

export interface PendingEdit {
  list: EntryListKey
  movieId: number
  present: boolean
  /** ms since the epoch, on this device. */
  editedAt: number
}

const listKey = v.refine(v.string(), isNamedListKey, 'a list key') as v.Schema<`list:${string}`>

const metaSchema = v.object({
  name: v.string(),
  description: v.string(),
  ranked: v.boolean(),
  createdAt: v.string(),
})

const syncStateSchema = v.object({
  version: v.literal(1),
  since: v.number(),
  /** The lists here are not the account's yet: the next response replaces them. */
  fresh: v.boolean(),
  pending: v.array(
    v.object({
      list: v.union(v.oneOf(SYNC_LISTS), listKey),
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
  // Absent in states saved before named lists.
  lists: v.optional(
    v.array(
      v.object({
        id: v.string(),
        present: v.boolean(),
        editedAt: v.number(),
        meta: v.optional(metaSchema),
      }),
    ),
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

/** The films that came, went or (on a named list) moved: one edit each, the latest. */
export function recordListSave(
  list: EntryListKey,
  email: string,
  before: readonly { id: number; position?: string }[],
  after: readonly { id: number; position?: string }[],
  undo: () => void,
): void {
  const had = new Map(before.map((entry) => [entry.id, entry.position]))
  const has = new Map(after.map((entry) => [entry.id, entry.position]))
  const changed = new Set(
    [...had.keys(), ...has.keys()].filter(
      (id) => had.has(id) !== has.has(id) || had.get(id) !== has.get(id),
    ),
  )
  if (changed.size === 0) return
  const editedAt = Date.now()
  const edits: PendingEdit[] = [...changed].map((movieId) => ({
    list,
    movieId,
    present: has.has(movieId),
    editedAt,
  }))
  record(
    email,
    (state) => ({
      ...state,
      pending: [
        ...state.pending.filter((edit) => edit.list !== list || !changed.has(edit.movieId)),
        ...edits,
      ],
    }),
    undo,
  )
}

export function recordListMeta(email: string, edit: ListMetaEdit): void {
  record(email, (state) => ({
    ...state,
    lists: [...(state.lists ?? []).filter((held) => held.id !== edit.id), edit],
  }))
}

export function recordHideSeen(email: string, value: boolean): void {
  record(email, (state) => ({ ...state, hideSeen: { value, editedAt: Date.now() } }))
}

export function recordServices(email: string, value: WatchService[]): void {
  record(email, (state) => ({ ...state, services: { value, editedAt: Date.now() } }))
}
