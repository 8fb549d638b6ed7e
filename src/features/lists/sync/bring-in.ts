import { readHideSeen } from '@/features/lists/hide-seen'
import { holdsLists, startListSyncState } from '@/features/lists/sync-start'
import { syncedLists } from '@/features/lists/sync/exchange'
import { sessionMessages } from '@/lib/session/messages'
import { SYNC_LISTS, type SyncListName } from '@/shared/lists/merge'
import { readSyncState, writeSyncState, type PendingEdit } from '@/features/lists/sync/pending'
import { isNamedListKey, namedListKey, type ListMetaEdit } from '@/shared/lists/named'
import { freeName } from '@/features/lists/named/copy-list'
import { namedLists, readEntries, readIndex, writeIndex } from '@/lib/movie-lists/named-lists'
import { newSyncState } from '@/features/lists/sync/sync-state'
import { postSync, readEdit, readListMeta, SyncError } from '@/features/lists/sync/sync-request'
import { transferMessages } from '@/features/lists/transfer/messages'
import { StorageError } from '@/lib/storage'
import { notify } from '@/lib/toast'
import { readServices } from '@/lib/watch/services'

export const bringInMessages = {
  offer: 'This browser has lists saved for you. Add them to your account?',
  add: 'Add to account',
  skip: 'Don’t add',
  added: (imported: number, already: number) =>
    `Lists added to your account: Imported ${imported.toLocaleString('en')} · already there ${already.toLocaleString('en')}`,
  undo: 'Undo',
  undone: 'Lists not added: your account’s lists are as they were.',
  failed: 'Could not save that choice: browser storage is full or off',
} as const

type IdsByList = Record<SyncListName, Set<number>>

const emptyIds = (): IdsByList => ({
  favorites: new Set(),
  watchlist: new Set(),
  seen: new Set(),
})

/** What the account holds now: a sync that sends nothing changes nothing. */
async function accountHolds(): Promise<{ ids: IdsByList; listNames: string[] }> {
  const response = await postSync({ since: 0, changes: [] })
  const ids = emptyIds()
  for (const value of response.changes) {
    const edit = readEdit(value)
    if (edit?.present && !isNamedListKey(edit.list)) ids[edit.list].add(edit.movieId)
  }
  const metas = new Map<string, ListMetaEdit>()
  for (const value of response.lists) {
    const edit = readListMeta(value)
    if (edit) metas.set(edit.id, edit)
  }
  const listNames = [...metas.values()].flatMap((edit) => (edit.meta ? [edit.meta.name] : []))
  return { ids, listNames }
}

export interface BroughtIn {
  imported: number
  already: number
  added: IdsByList
  /** The ids of the person's own lists sent to the account: Undo deletes them. */
  lists: string[]
}

export async function bringIn(email: string): Promise<BroughtIn | null> {
  if (readSyncState(email)) return null
  const { ids: held, listNames } = await accountHolds()
  if (readSyncState(email)) return null
  const now = Date.now()
  const services = readServices(email)
  const added = emptyIds()
  const pending: PendingEdit[] = []
  let already = 0
  for (const list of SYNC_LISTS) {
    for (const entry of syncedLists[list].readOf(email)) {
      if (held[list].has(entry.id) || added[list].has(entry.id)) {
        already++
        continue
      }
      added[list].add(entry.id)
      pending.push({ list, movieId: entry.id, present: true, editedAt: now })
    }
  }
  const lists: ListMetaEdit[] = []
  // A list named as one of the account's is brought in as "Name (2)": two may not share a name.
  const taken = [...listNames]
  const stored = readIndex(email)
  const index = stored.map((list) => {
    const name = freeName(list.name, taken)
    taken.push(name)
    return name === list.name ? list : { ...list, name }
  })
  for (const { id, name, description, ranked, createdAt } of index) {
    lists.push({ id, present: true, editedAt: now, meta: { name, description, ranked, createdAt } })
    for (const entry of readEntries(email, id)) {
      pending.push({ list: namedListKey(id), movieId: entry.id, present: true, editedAt: now })
    }
  }
  if (index.some((list, at) => list !== stored[at])) writeIndex(email, index)
  writeSyncState(email, {
    ...newSyncState(false),
    pending,
    lists,
    // As old as can be: the account's own choice, if it has one, stands.
    hideSeen: readHideSeen(email) ? { value: true, editedAt: 0 } : null,
    services: services.length > 0 ? { value: services, editedAt: 0 } : null,
  })
  return { imported: pending.length, already, added, lists: lists.map((list) => list.id) }
}

export function undoBringIn(email: string, { added, lists }: BroughtIn): void {
  for (const id of lists) namedLists.remove(id)
  for (const list of SYNC_LISTS) {
    const ids = added[list]
    if (ids.size === 0) continue
    const store = syncedLists[list]
    const movies = store.readOf(email)
    const kept = movies.filter((movie) => !ids.has(movie.id))
    if (kept.length !== movies.length) store.replace(kept)
  }
}

export function leaveOut(email: string): void {
  if (!readSyncState(email)) writeSyncState(email, newSyncState(true))
}

const offered = new Set<string>()

export const clearOffers = () => {
  offered.clear()
}

export function offerBringIn(email: string, then: () => void): void {
  if (!holdsLists(email)) {
    startListSyncState(email)
    return
  }
  const key = email.trim().toLowerCase()
  if (offered.has(key)) return
  offered.add(key)
  const failed = (error: unknown) => {
    offered.delete(key)
    if (error instanceof StorageError) notify.error(bringInMessages.failed)
    else if (error instanceof SyncError) notify.error(sessionMessages.serverUnreachable)
    else throw error
  }
  const add = async () => {
    let result: BroughtIn | null
    try {
      result = await bringIn(email)
    } catch (error) {
      failed(error)
      return
    }
    then()
    if (!result) return
    const brought = result
    notify.message(bringInMessages.added(brought.imported, brought.already), {
      id: `brought-in:${key}`,
      // Until dismissed: an Undo that vanishes in seconds is no Undo.
      duration: Infinity,
      closeButton: true,
      action: {
        label: bringInMessages.undo,
        onClick: () => {
          try {
            undoBringIn(email, brought)
          } catch (error) {
            if (!(error instanceof StorageError)) throw error
            notify.error(transferMessages.undoFailed)
            return
          }
          notify.success(bringInMessages.undone)
        },
      },
    })
  }
  const skip = () => {
    try {
      leaveOut(email)
    } catch (error) {
      failed(error)
      return
    }
    then()
  }
  notify.message(bringInMessages.offer, {
    id: `bring-in:${key}`,
    duration: Infinity,
    action: { label: bringInMessages.add, onClick: () => void add() },
    cancel: { label: bringInMessages.skip, onClick: skip },
    onDismiss: () => offered.delete(key),
  })
}
