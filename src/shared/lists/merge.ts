// Per (list, movie) the later edit wins and removals stay as tombstones: see docs/api.md.
import { compareMetaEdits, type ListMetaEdit, type NamedListKey } from './named'

export const SYNC_LISTS = ['favorites', 'watchlist', 'seen'] as const
export type SyncListName = (typeof SYNC_LISTS)[number]
/** The three lists every account has, or one of the person's own. */
export type EntryListKey = SyncListName | NamedListKey

export interface SyncMovie {
  title: string
  poster_path: string | null
  release_date: string | null
  vote_average: number | null
  added_at: string | null
  /** Only on a named list's entries: its place in the list's order (fractional index). */
  position?: string | null
}

export interface ListEdit {
  list: EntryListKey
  movieId: number
  present: boolean
  /** Milliseconds since the epoch, on the device that made the edit. */
  editedAt: number
  movie?: SyncMovie
}

export interface SettingEdit<T> {
  value: T
  editedAt: number
}

/** A streaming service a person pays for: TMDB's provider id, and its name to show offline. */
export interface WatchService {
  id: number
  name: string
}

/** Sorted by id, without repeats: equal choices give equal text. */
export const MAX_WATCH_SERVICES = 100
export const MAX_SERVICE_NAME = 100

export interface SyncState {
  entries: ReadonlyMap<string, ListEdit>
  hideSeen: SettingEdit<boolean> | null
  services: SettingEdit<WatchService[]> | null
  /** The person's own lists by id. */
  lists: ReadonlyMap<string, ListMetaEdit>
}

export const EMPTY_STATE: SyncState = {
  entries: new Map(),
  hideSeen: null,
  services: null,
  lists: new Map(),
}

export const entryKey = (list: EntryListKey, movieId: number) => `${list}:${movieId}`

/** Fixed key order, so equal edits give equal text whatever order their fields were set in. */
function canonical(edit: ListEdit): string {
  const movie = edit.movie
  return JSON.stringify([
    edit.list,
    edit.movieId,
    edit.present,
    edit.editedAt,
    movie
      ? [
          movie.title,
          movie.poster_path,
          movie.release_date,
          movie.vote_average,
          movie.added_at,
          movie.position ?? null,
        ]
      : null,
  ])
}

/** > 0 when `a` wins: the later; at the same time a removal; then the greater text, so copies agree. */
export function compareEdits(a: ListEdit, b: ListEdit): number {
  if (a.editedAt !== b.editedAt) return a.editedAt > b.editedAt ? 1 : -1
  if (a.present !== b.present) return a.present ? -1 : 1
  const left = canonical(a)
  const right = canonical(b)
  return left === right ? 0 : left > right ? 1 : -1
}

export const mergeEntry = (a: ListEdit, b: ListEdit): ListEdit => (compareEdits(a, b) >= 0 ? a : b)

/** The later value; at the same time the smaller as JSON, so every copy picks the same. */
export function mergeSetting<T>(
  a: SettingEdit<T> | null,
  b: SettingEdit<T> | null,
): SettingEdit<T> | null {
  if (!a || !b) return a ?? b
  if (a.editedAt !== b.editedAt) return a.editedAt > b.editedAt ? a : b
  const left = JSON.stringify(a.value)
  const right = JSON.stringify(b.value)
  return left <= right ? a : b
}

export function mergeState(a: SyncState, b: SyncState): SyncState {
  const entries = new Map(a.entries)
  for (const [key, edit] of b.entries) {
    const held = entries.get(key)
    entries.set(key, held ? mergeEntry(held, edit) : edit)
  }
  return {
    entries,
    hideSeen: mergeSetting(a.hideSeen, b.hideSeen),
    services: mergeSetting(a.services, b.services),
    lists: mergeLists(a.lists, b.lists),
  }
}

export const mergeMeta = (a: ListMetaEdit, b: ListMetaEdit): ListMetaEdit =>
  compareMetaEdits(a, b) >= 0 ? a : b

export function mergeLists(
  a: ReadonlyMap<string, ListMetaEdit>,
  b: Iterable<[string, ListMetaEdit]> | ReadonlyMap<string, ListMetaEdit>,
): Map<string, ListMetaEdit> {
  const lists = new Map(a)
  for (const [id, edit] of b) {
    const held = lists.get(id)
    lists.set(id, held ? mergeMeta(held, edit) : edit)
  }
  return lists
}

export function applyEdits(state: SyncState, edits: Iterable<ListEdit>): SyncState {
  const entries = new Map(state.entries)
  for (const edit of edits) {
    const key = entryKey(edit.list, edit.movieId)
    const held = entries.get(key)
    entries.set(key, held ? mergeEntry(held, edit) : edit)
  }
  return { ...state, entries }
}

export function presentIds(state: SyncState, list: EntryListKey): number[] {
  const ids: number[] = []
  for (const edit of state.entries.values()) {
    if (edit.list === list && edit.present) ids.push(edit.movieId)
  }
  return ids.sort((x, y) => x - y)
}
