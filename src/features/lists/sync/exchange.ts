// Each list is read, changed and written in a task of its own: no edit made meanwhile is lost.
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
  namedListsReceived,
  outgoingNamed,
  settleMetas,
  type NamedOutgoing,
} from '@/features/lists/sync/named-exchange'
import {
  entryKey,
  SYNC_LISTS,
  type EntryListKey,
  type ListEdit,
  type SettingEdit,
  type SyncListName,
  type WatchService,
} from '@/shared/lists/merge'
import { isNamedListKey } from '@/shared/lists/named'
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
import { readServices, saveSyncedServices } from '@/lib/watch/services'
import { yieldToMain } from '@/lib/yield-to-main'

export const syncedLists: Record<SyncListName, MovieListStore<SyncListName>> = {
  favorites,
  watchlist,
  seen: seenList,
}

const isSignedIn = (email: string) =>
  signedInEmail()?.trim().toLowerCase() === email.trim().toLowerCase()

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

function saveSyncedHideSeen(email: string, hideSeen: boolean) {
  writeStored(hideSeenKey(email), { version: HIDE_SEEN_VERSION, hideSeen })
  if (isSignedIn(email)) useHideSeenStore.setState({ ownerEmail: signedInEmail(), hideSeen })
}

const SLICE = 2000

const keyOf = (edit: { list: EntryListKey; movieId: number }) => entryKey(edit.list, edit.movieId)

const sameEdit = (a: PendingEdit, b: PendingEdit) =>
  a.list === b.list &&
  a.movieId === b.movieId &&
  a.present === b.present &&
  a.editedAt === b.editedAt

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
  const named: NamedOutgoing = outgoingNamed(email, state)
  const changes: ListEdit[] = []
  for (const edit of batch) {
    if (!edit.present) {
      changes.push(edit)
      continue
    }
    if (isNamedListKey(edit.list)) {
      const movie = named.movie(edit.list, edit.movieId)
      if (movie) changes.push({ ...edit, movie })
      continue
    }
    // An entry no longer on the list has a later edit of its own, or nothing to send.
    const entry = listOf(edit.list).get(edit.movieId)
    const movie = entry && sendableMovie(entry)
    if (movie) changes.push({ ...edit, movie })
  }
  return {
    batch,
    changes,
    hideSeen: state.hideSeen,
    services: state.services ?? null,
    lists: named.lists,
  }
}

/** An edit waiting here that is as late or later stands; a `fresh` list becomes the account's. */
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

/** The account's value, unless a choice made here since is as late or later. */
function received<T>(local: SettingEdit<T> | null | undefined, value: SettingEdit<T> | null) {
  return !value || (local && local.editedAt >= value.editedAt) ? null : value
}

function applySettings(
  email: string,
  response: { hideSeen: SettingEdit<boolean> | null; services: SettingEdit<WatchService[]> | null },
) {
  const state = readSyncState(email)
  const hideSeen = received(state?.hideSeen, response.hideSeen)
  if (hideSeen && readHideSeen(email) !== hideSeen.value) saveSyncedHideSeen(email, hideSeen.value)
  const services = received(state?.services, response.services)
  if (services && JSON.stringify(readServices(email)) !== JSON.stringify(services.value)) {
    saveSyncedServices(email, services.value)
  }
}

/** Still waiting unless what was sent is what is held now. */
const stillWaiting = <T>(held: SettingEdit<T> | null, sent: SettingEdit<T> | null) =>
  held &&
  sent &&
  held.editedAt === sent.editedAt &&
  JSON.stringify(held.value) === JSON.stringify(sent.value)
    ? null
    : held

function settle(
  email: string,
  seq: number,
  sent: ReturnType<typeof outgoing>,
  refused: readonly { list: EntryListKey; movieId: number }[],
  refusedLists: readonly string[],
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
  writeSyncState(email, {
    ...state,
    since: seq,
    fresh: false,
    pending,
    hideSeen: stillWaiting(state.hideSeen, sent.hideSeen),
    services: stillWaiting(state.services ?? null, sent.services),
    lists: settleMetas(state.lists ?? [], sent.lists, refusedLists),
  })
  return pending.length
}

/** On a StorageError nothing is dropped: the next sync asks again from the same `since`. */
export async function exchange(email: string): Promise<void> {
  for (;;) {
    const state = readSyncState(email)
    if (!state) return
    const sent = outgoing(email, state)
    const response = await postSync({
      since: state.since,
      changes: sent.changes,
      ...(sent.hideSeen ? { hideSeen: sent.hideSeen } : {}),
      ...(sent.services ? { services: sent.services } : {}),
      ...(sent.lists.length > 0 ? { lists: sent.lists } : {}),
    })
    const byList = new Map<EntryListKey, ListEdit[]>(SYNC_LISTS.map((name) => [name, []]))
    for (let start = 0; start < response.changes.length; start += SLICE) {
      for (const value of response.changes.slice(start, start + SLICE)) {
        const edit = readEdit(value)
        if (!edit) continue
        const edits = byList.get(edit.list)
        if (edits) edits.push(edit)
        else byList.set(edit.list, [edit])
      }
      await yieldToMain()
    }
    for (const name of SYNC_LISTS) {
      applyToList(email, name, byList.get(name) ?? [])
      await yieldToMain()
    }
    await namedListsReceived(email, response.lists, byList)
    applySettings(email, response)
    const left = settle(email, response.seq, sent, response.refused, response.refusedLists)
    if (response.refused.length > 0 || response.refusedLists.length > 0)
      throw new SyncError('full', null, response.message)
    if (!response.more && (sent.batch.length < MAX_SENT || left === 0)) return
    await yieldToMain()
  }
}
