/**
 * One sync of a user's lists: the waiting edits out, the account's changes in, applied to the
 * lists in storage (other tabs follow through storage events). Work on a big list is done in
 * slices, each list read, changed and written in one task of its own, so an edit made meanwhile
 * (here or in another tab) is never overwritten, and no task runs long.
 */
import {
  HIDE_SEEN_VERSION,
  hideSeenKey,
  readHideSeen,
  useHideSeenStore,
} from '@/features/lists/hide-seen'
import { favorites } from '@/lib/movie-lists/favorites-store'
import {
  LIST_VERSION,
  seenList,
  watchlist,
  type ListEntry,
  type MovieListStore,
} from '@/lib/movie-lists/list-store'
import { signedInEmail } from '@/lib/session/user-storage'
import {
  entryKey,
  SYNC_LISTS,
  type ListEdit,
  type SettingEdit,
  type SyncListName,
} from '@/shared/lists/merge'
import {
  readSyncState,
  writeSyncState,
  type ListSyncState,
  type PendingEdit,
} from '@/features/lists/sync/pending'
import { sameEntry } from '@/features/lists/sync/sync-state'
import {
  MAX_SENT,
  postSync,
  readEdit,
  sendableMovie,
  SyncError,
} from '@/features/lists/sync/sync-request'
import { writeStored } from '@/lib/storage'
import { yieldToMain } from '@/lib/yield-to-main'

export const syncedLists: Record<SyncListName, MovieListStore<SyncListName>> = {
  favorites,
  watchlist,
  seen: seenList,
}

const isSignedIn = (email: string) =>
  signedInEmail()?.trim().toLowerCase() === email.trim().toLowerCase()

/**
 * Saves a user's list as the account has it, recording no edit, and shows it when it is the
 * signed-in user's. Throws StorageError when it cannot.
 */
function saveSynced(store: MovieListStore<SyncListName>, email: string, movies: ListEntry[]) {
  writeStored(store.key(email), { version: LIST_VERSION, movies })
  if (isSignedIn(email)) {
    store.useStore.setState({
      ownerEmail: signedInEmail(),
      movies,
      ids: new Set(movies.map((movie) => movie.id)),
    })
  }
}

/** The same for "Hide seen". */
function saveSyncedHideSeen(email: string, hideSeen: boolean) {
  writeStored(hideSeenKey(email), { version: HIDE_SEEN_VERSION, hideSeen })
  if (isSignedIn(email)) useHideSeenStore.setState({ ownerEmail: signedInEmail(), hideSeen })
}

/** Entries checked per slice of the answer. */
const SLICE = 2000

const keyOf = (edit: { list: SyncListName; movieId: number }) => entryKey(edit.list, edit.movieId)

const sameEdit = (a: PendingEdit, b: PendingEdit) =>
  a.list === b.list &&
  a.movieId === b.movieId &&
  a.present === b.present &&
  a.editedAt === b.editedAt

/** The body for the waiting edits (at most MAX_SENT), each entry as the list shows it now. */
function outgoing(email: string, state: ListSyncState) {
  const batch = state.pending.slice(0, MAX_SENT)
  const lists = new Map<SyncListName, Map<number, ListEntry>>()
  const listOf = (name: SyncListName) => {
    let entries = lists.get(name)
    if (!entries) {
      entries = new Map(syncedLists[name].readOf(email).map((entry) => [entry.id, entry]))
      lists.set(name, entries)
    }
    return entries
  }
  const changes: ListEdit[] = []
  for (const edit of batch) {
    if (!edit.present) {
      changes.push(edit)
      continue
    }
    // An entry no longer on the list has a later edit of its own, or nothing to send.
    const entry = listOf(edit.list).get(edit.movieId)
    const movie = entry && sendableMovie(entry)
    if (movie) changes.push({ ...edit, movie })
  }
  return { batch, changes, hideSeen: state.hideSeen }
}

/**
 * Applies the account's edits of one list to it, as stored now: an edit waiting here that is
 * as late or later stands. When the state is `fresh`, the list becomes the account's, with the
 * edits waiting here on it. Returns whether it changed.
 */
function applyToList(email: string, name: SyncListName, edits: readonly ListEdit[]): boolean {
  const state = readSyncState(email)
  if (!state) return false
  const waiting = new Map<number, PendingEdit>()
  for (const edit of state.pending) if (edit.list === name) waiting.set(edit.movieId, edit)
  const store = syncedLists[name]
  const stored = store.readOf(email)
  const entries = new Map<number, ListEntry>()
  for (const entry of stored) {
    if (!state.fresh || waiting.get(entry.id)?.present) entries.set(entry.id, entry)
  }
  let changed = state.fresh && entries.size !== stored.length
  for (const edit of edits) {
    const local = waiting.get(edit.movieId)
    if (local && local.editedAt >= edit.editedAt) continue
    if (edit.present && edit.movie) {
      const held = entries.get(edit.movieId)
      const next: ListEntry = { id: edit.movieId, ...edit.movie }
      if (held && sameEntry(held, next)) continue
      entries.set(edit.movieId, held ? { ...held, ...next } : next)
      changed = true
    } else if (entries.delete(edit.movieId)) {
      changed = true
    }
  }
  if (changed) saveSynced(store, email, [...entries.values()])
  return changed
}

function applyHideSeen(email: string, answered: SettingEdit<boolean> | null) {
  const local = readSyncState(email)?.hideSeen
  if (!answered || (local && local.editedAt >= answered.editedAt)) return
  if (readHideSeen(email) !== answered.value) saveSyncedHideSeen(email, answered.value)
}

/**
 * The state once the answer is in: `since` moves on; the edits sent leave, later ones stay, and
 * so do the ones the account had no room for.
 */
function settle(
  email: string,
  seq: number,
  sent: ReturnType<typeof outgoing>,
  refused: readonly { list: SyncListName; movieId: number }[],
) {
  const state = readSyncState(email)
  if (!state) return 0
  const kept = new Set(refused.map(keyOf))
  const sentByKey = new Map(
    sent.batch.filter((edit) => !kept.has(keyOf(edit))).map((edit) => [keyOf(edit), edit]),
  )
  const pending = state.pending.filter((edit) => {
    const was = sentByKey.get(keyOf(edit))
    return !was || !sameEdit(was, edit)
  })
  const hideSeen =
    state.hideSeen &&
    sent.hideSeen &&
    state.hideSeen.editedAt === sent.hideSeen.editedAt &&
    state.hideSeen.value === sent.hideSeen.value
      ? null
      : state.hideSeen
  writeSyncState(email, { ...state, since: seq, fresh: false, pending, hideSeen })
  return pending.length
}

/**
 * Syncs once (several requests when more than MAX_SENT edits wait). Throws SyncError from the
 * request, StorageError when the lists cannot be saved (then nothing is dropped: the next sync
 * asks again from the same `since`).
 */
export async function exchange(email: string): Promise<void> {
  for (;;) {
    const state = readSyncState(email)
    if (!state) return
    const sent = outgoing(email, state)
    const answer = await postSync({
      since: state.since,
      changes: sent.changes,
      ...(sent.hideSeen ? { hideSeen: sent.hideSeen } : {}),
    })
    // The answer's edits, checked and grouped by list, in slices.
    const byList = new Map<SyncListName, ListEdit[]>(SYNC_LISTS.map((name) => [name, []]))
    for (let start = 0; start < answer.changes.length; start += SLICE) {
      for (const value of answer.changes.slice(start, start + SLICE)) {
        const edit = readEdit(value)
        if (edit) byList.get(edit.list)?.push(edit)
      }
      await yieldToMain()
    }
    for (const name of SYNC_LISTS) {
      applyToList(email, name, byList.get(name) ?? [])
      await yieldToMain()
    }
    applyHideSeen(email, answer.hideSeen)
    const left = settle(email, answer.seq, sent, answer.refused)
    if (answer.refused.length > 0) throw new SyncError('full', null, answer.message)
    // The account's changes came in pages, or more waited than one request takes: on at once.
    if (!answer.more && (sent.batch.length < MAX_SENT || left === 0)) return
    await yieldToMain()
  }
}
