/**
 * With accounts on the server, what this browser has not sent to the account yet: per entry, its
 * latest edit, kept in storage next to the lists (`list-sync:<e-mail>`) and written in the same
 * step as the list, so a reload, a closed tab or a crash loses none. Only the recording is here
 * (the entry loads it); sending is engine.ts's, loaded once someone is signed in. A user without
 * this record has never synced from this browser: nothing is recorded until they do, so their
 * lists can be offered to the account first (bring-in.ts).
 */
import { accountsMode } from '@/config/accounts-mode'
import { userKey } from '@/features/auth/user-storage'
import { SYNC_LISTS, type SettingEdit, type SyncListName } from '@/features/lists/sync/merge'
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

export const SYNC_STATE_VERSION = 1

const pendingEditSchema = v.object({
  list: v.oneOf(SYNC_LISTS),
  movieId: v.number(),
  present: v.boolean(),
  editedAt: v.number(),
})

const syncStateSchema = v.object({
  version: v.literal(SYNC_STATE_VERSION),
  /** The account's counter this browser has seen up to. */
  since: v.number(),
  /** The lists here are not the account's yet: the next answer replaces them. */
  fresh: v.boolean(),
  pending: v.array(pendingEditSchema),
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

/** The state of a browser that starts syncing now. */
export const newSyncState = (fresh: boolean): ListSyncState => ({
  version: SYNC_STATE_VERSION,
  since: 0,
  fresh,
  pending: [],
  hideSeen: null,
})

/** Edits waiting: one per entry, and "Hide seen". */
export const pendingCount = (state: ListSyncState | null): number =>
  state ? state.pending.length + (state.hideSeen ? 1 : 0) : 0

const listeners = new Set<() => void>()

/** Calls `listener` after each edit recorded in this tab. Returns the unsubscribe. */
export function onEditRecorded(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** The user's state, when edits are to be recorded for them (server mode, synced before). */
const recording = (email: string) => (accountsMode() === 'server' ? readSyncState(email) : null)

/** Whether saving a list for this user records its edits (callers skip reading `before`). */
export const recordsEdits = (email: string): boolean => recording(email) !== null

interface Entry {
  id: number
  title: string
  poster_path?: string | null
  release_date?: string | null
  vote_average?: number | null
  added_at?: string | null
}

/** Whether two entries show the same (the same object, or equal fields). */
export const sameEntry = (a: Entry, b: Entry) =>
  a === b ||
  (a.title === b.title &&
    (a.poster_path ?? null) === (b.poster_path ?? null) &&
    (a.release_date ?? null) === (b.release_date ?? null) &&
    (a.vote_average ?? null) === (b.vote_average ?? null) &&
    (a.added_at ?? null) === (b.added_at ?? null))

/** What changed between two versions of a list, as edits made at `now`. */
export function diffList(
  list: SyncListName,
  before: readonly Entry[],
  after: readonly Entry[],
  now: number,
): PendingEdit[] {
  const old = new Map(before.map((entry) => [entry.id, entry]))
  const edits: PendingEdit[] = []
  for (const entry of after) {
    const held = old.get(entry.id)
    old.delete(entry.id)
    if (!held || !sameEntry(held, entry)) {
      edits.push({ list, movieId: entry.id, present: true, editedAt: now })
    }
  }
  for (const id of old.keys()) edits.push({ list, movieId: id, present: false, editedAt: now })
  return edits
}

/** The pending edits with `edits` in: one per entry, the newest kept. */
export function withEdits(
  pending: readonly PendingEdit[],
  edits: readonly PendingEdit[],
): PendingEdit[] {
  if (edits.length === 0) return [...pending]
  const changed = new Set(edits.map((edit) => `${edit.list}:${String(edit.movieId)}`))
  return [
    ...pending.filter((edit) => !changed.has(`${edit.list}:${String(edit.movieId)}`)),
    ...edits,
  ]
}

const announce = () => {
  for (const listener of listeners) listener()
}

/**
 * Records a list's save as edits to send, after `write` saved the list. When the record cannot
 * be saved, `undo` puts the list back and the StorageError goes on: the save is all or none.
 */
export function recordListSave(
  list: SyncListName,
  email: string,
  before: readonly Entry[],
  after: readonly Entry[],
  undo: () => void,
): void {
  const state = recording(email)
  if (!state) return
  const edits = diffList(list, before, after, Date.now())
  if (edits.length === 0) return
  try {
    writeSyncState(email, { ...state, pending: withEdits(state.pending, edits) })
  } catch (error) {
    undo()
    throw error
  }
  announce()
}

/** Records a change of "Hide seen" (see recordListSave). */
export function recordHideSeen(email: string, value: boolean, undo: () => void): void {
  const state = recording(email)
  if (!state) return
  const hideSeen: SettingEdit<boolean> = { value, editedAt: Date.now() }
  try {
    writeSyncState(email, { ...state, hideSeen })
  } catch (error) {
    undo()
    throw error
  }
  announce()
}
