// The sync's side of the person's own lists: their edits out, the account's in (docs/api.md).
import type { ListSyncState, PendingEdit } from '@/features/lists/sync/pending'
import { readSyncState } from '@/features/lists/sync/pending'
import { readListMeta, sendableMovie } from '@/features/lists/sync/sync-request'
import { sameEntry } from '@/features/lists/sync/sync-state'
import {
  readEntries,
  readIndex,
  reloadNamedLists,
  removeEntries,
  writeEntries,
  writeIndex,
  type NamedEntry,
  type NamedListInfo,
} from '@/lib/movie-lists/named-lists'
import { signedInEmail } from '@/lib/session/user-storage'
import type { EntryListKey, ListEdit, SyncMovie } from '@/shared/lists/merge'
import {
  comparePositions,
  isNamedListKey,
  namedListId,
  type ListMetaEdit,
  type NamedListKey,
} from '@/shared/lists/named'
import { yieldToMain } from '@/lib/yield-to-main'

export interface NamedOutgoing {
  lists: ListMetaEdit[]
  movie: (list: NamedListKey, movieId: number) => SyncMovie | null
}

export function outgoingNamed(email: string, state: ListSyncState): NamedOutgoing {
  const read = new Map<string, Map<number, NamedEntry>>()
  return {
    lists: state.lists ?? [],
    movie: (list, movieId) => {
      const id = namedListId(list)
      let entries = read.get(id)
      if (!entries) {
        entries = new Map(readEntries(email, id).map((entry) => [entry.id, entry]))
        read.set(id, entries)
      }
      const entry = entries.get(movieId)
      const movie = entry && sendableMovie(entry)
      return entry && movie ? { ...movie, position: entry.position } : null
    },
  }
}

const sameMeta = (a: ListMetaEdit, b: ListMetaEdit) =>
  a.id === b.id &&
  a.present === b.present &&
  a.editedAt === b.editedAt &&
  JSON.stringify(a.meta) === JSON.stringify(b.meta)

/** The list edits still to send: those made while the request was out, and those refused. */
export function settleMetas(
  held: readonly ListMetaEdit[],
  sent: readonly ListMetaEdit[],
  refused: readonly string[],
): ListMetaEdit[] {
  const kept = new Set(refused)
  return held.filter((edit) => kept.has(edit.id) || !sent.some((was) => sameMeta(was, edit)))
}

const isoOf = (time: number) => new Date(time).toISOString()

function applyMetas(email: string, state: ListSyncState, received: readonly ListMetaEdit[]) {
  if (received.length === 0) return false
  const waiting = new Map((state.lists ?? []).map((edit) => [edit.id, edit]))
  const index = new Map(readIndex(email).map((list) => [list.id, list]))
  let changed = false
  for (const edit of received) {
    const local = waiting.get(edit.id)
    if (local && local.editedAt >= edit.editedAt) continue
    const held = index.get(edit.id)
    if (!edit.present || !edit.meta) {
      if (held) {
        index.delete(edit.id)
        removeEntries(email, edit.id)
        changed = true
      }
      continue
    }
    const next: NamedListInfo = {
      id: edit.id,
      ...edit.meta,
      updatedAt:
        held && held.updatedAt > isoOf(edit.editedAt) ? held.updatedAt : isoOf(edit.editedAt),
    }
    if (held && JSON.stringify(held) === JSON.stringify(next)) continue
    index.set(edit.id, next)
    changed = true
  }
  if (changed) writeIndex(email, [...index.values()])
  return changed
}

function applyEntries(
  email: string,
  id: string,
  waiting: ReadonlyMap<number, PendingEdit>,
  edits: readonly ListEdit[],
) {
  const entries = new Map(readEntries(email, id).map((entry) => [entry.id, entry]))
  let changed = false
  let latest = 0
  for (const edit of edits) {
    const local = waiting.get(edit.movieId)
    if (local && local.editedAt >= edit.editedAt) continue
    if (edit.present && edit.movie) {
      const { position, ...shown } = edit.movie
      const next: NamedEntry = { id: edit.movieId, ...shown, position: position ?? '' }
      const held = entries.get(edit.movieId)
      if (held && sameEntry(held, next) && held.position === next.position) continue
      entries.set(edit.movieId, next)
    } else if (!entries.delete(edit.movieId)) {
      continue
    }
    changed = true
    latest = Math.max(latest, edit.editedAt)
  }
  if (!changed) return 0
  writeEntries(email, id, [...entries.values()].sort(comparePositions))
  return latest
}

/** A `fresh` browser's lists become the account's: those not on their way to it go. */
function dropUnsent(email: string, state: ListSyncState): boolean {
  const sending = new Set((state.lists ?? []).map((edit) => edit.id))
  const index = readIndex(email)
  const kept = index.filter((list) => sending.has(list.id))
  if (kept.length === index.length) return false
  writeIndex(email, kept)
  for (const list of index) if (!sending.has(list.id)) removeEntries(email, list.id)
  return true
}

/** The account's lists and their films, applied unless an edit waiting here is as late. */
export async function namedListsReceived(
  email: string,
  metas: readonly unknown[],
  byList: ReadonlyMap<EntryListKey, ListEdit[]>,
): Promise<void> {
  const state = readSyncState(email)
  if (!state) return
  const received = metas.flatMap((value) => {
    const edit = readListMeta(value)
    return edit ? [edit] : []
  })
  let changed = state.fresh && dropUnsent(email, state)
  changed = applyMetas(email, state, received) || changed
  const index = new Map(readIndex(email).map((list) => [list.id, list]))
  const touched = new Map<string, number>()
  for (const [key, edits] of byList) {
    if (!isNamedListKey(key)) continue
    const id = namedListId(key)
    // Films of a list deleted here, or not known yet, wait for the list's own edit.
    if (!index.has(id)) continue
    const waiting = new Map<number, PendingEdit>()
    for (const edit of state.pending) if (edit.list === key) waiting.set(edit.movieId, edit)
    const latest = applyEntries(email, id, waiting, edits)
    if (latest > 0) touched.set(id, latest)
    await yieldToMain()
  }
  if (touched.size > 0) {
    writeIndex(
      email,
      [...index.values()].map((list) => {
        const at = touched.get(list.id)
        return at !== undefined && isoOf(at) > list.updatedAt
          ? { ...list, updatedAt: isoOf(at) }
          : list
      }),
    )
    changed = true
  }
  if (changed && signedInEmail()?.trim().toLowerCase() === email.trim().toLowerCase()) {
    reloadNamedLists(email)
  }
}
