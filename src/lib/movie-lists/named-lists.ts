// A person's own lists (docs/architecture.md): an index of the lists, and each list's films under a key of its own.
import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing'
import { create } from 'zustand'
import type { ListEntry } from '@/lib/movie-lists/list-store'
import { saveRecorder } from '@/lib/movie-lists/save-recorder'
import { useSessionStore, type CurrentUser } from '@/lib/session/session-store'
import { signedInEmail, userKey } from '@/lib/session/user-storage'
import { onStoredChange, readStored, removeStored, writeStored } from '@/lib/storage'
import * as v from '@/lib/validate'
import {
  cleanListName,
  comparePositions,
  descriptionProblem,
  listNameProblem,
  MAX_NAMED_LIST_ENTRIES,
  MAX_NAMED_LISTS,
  namedListKey,
  type DescriptionProblem,
  type ListMetaEdit,
  type ListNameProblem,
  type NamedListKey,
  type NamedListMeta,
} from '@/shared/lists/named'

export const NAMED_LISTS_VERSION = 1

export interface NamedEntry extends ListEntry {
  position: string
}

export interface NamedListInfo extends NamedListMeta {
  id: string
  /** ISO time of the list's last change, its films' included. */
  updatedAt: string
}

export interface NamedList extends NamedListInfo {
  movies: NamedEntry[]
}

const infoSchema = v.object({
  id: v.string(),
  name: v.string(),
  description: v.string(),
  ranked: v.boolean(),
  createdAt: v.string(),
  updatedAt: v.string(),
})

const indexSchema = v.object({
  version: v.literal(NAMED_LISTS_VERSION),
  lists: v.array(infoSchema),
})

const entriesSchema = v.object({
  version: v.literal(NAMED_LISTS_VERSION),
  movies: v.array(
    v.object({
      id: v.number(),
      title: v.string(),
      poster_path: v.nullish(v.string()),
      release_date: v.nullish(v.string()),
      vote_average: v.nullish(v.number()),
      added_at: v.nullish(v.string()),
      position: v.string(),
    }),
  ),
})

export const indexKey = (email: string) => userKey('named-lists', email)
export const entriesKey = (email: string, id: string) => userKey(`named-list:${id}`, email)

export const readIndex = (email: string): NamedListInfo[] =>
  readStored(indexKey(email), indexSchema)?.lists ?? []

export const readEntries = (email: string, id: string): NamedEntry[] =>
  (readStored(entriesKey(email, id), entriesSchema)?.movies ?? []).sort(comparePositions)

export function writeIndex(email: string, lists: readonly NamedListInfo[]): void {
  writeStored(indexKey(email), { version: NAMED_LISTS_VERSION, lists })
}

export function writeEntries(email: string, id: string, movies: readonly NamedEntry[]): void {
  writeStored(entriesKey(email, id), { version: NAMED_LISTS_VERSION, movies })
}

export const removeEntries = (email: string, id: string): void => {
  removeStored(entriesKey(email, id))
}

export interface NamedListsState {
  ownerEmail: string | null
  /** Last changed first. */
  lists: NamedList[]
}

const byLastChange = (a: NamedListInfo, b: NamedListInfo) =>
  b.updatedAt < a.updatedAt ? -1 : b.updatedAt > a.updatedAt ? 1 : a.name < b.name ? -1 : 1

export function readNamedLists(email: string): NamedList[] {
  return readIndex(email)
    .map((info) => ({ ...info, movies: readEntries(email, info.id) }))
    .sort(byLastChange)
}

export const useNamedLists = create<NamedListsState>()(() => ({ ownerEmail: null, lists: [] }))

/** Reads the person's lists again: after a sync, another tab's change, a sign-in. */
export function reloadNamedLists(email: string | null = signedInEmail()): void {
  useNamedLists.setState({ ownerEmail: email, lists: email ? readNamedLists(email) : [] })
}

export function connectNamedLists(): () => void {
  const load = (user: CurrentUser | null) => {
    reloadNamedLists(user?.email ?? null)
  }
  load(useSessionStore.getState().currentUser)
  const unsubscribeSession = useSessionStore.subscribe((state, previous) => {
    if (state.currentUser?.email !== previous.currentUser?.email) load(state.currentUser)
  })
  const unsubscribeStorage = onStoredChange(
    (changed) => {
      const email = useNamedLists.getState().ownerEmail
      if (email === null) return false
      const owner = `:${email.trim().toLowerCase()}`
      return (
        changed === indexKey(email) ||
        (changed.startsWith('named-list:') && changed.endsWith(owner))
      )
    },
    () => {
      load(useSessionStore.getState().currentUser)
    },
  )
  return () => {
    unsubscribeSession()
    unsubscribeStorage()
  }
}

export type ListProblem =
  | { field: 'name'; problem: ListNameProblem }
  | { field: 'description'; problem: DescriptionProblem }
  | { field: 'list'; problem: 'too-many' | 'signed-out' | 'missing' }

export type MovieProblem = 'full' | 'signed-out' | 'missing'

const metaOf = (list: NamedListInfo): NamedListMeta => ({
  name: list.name,
  description: list.description,
  ranked: list.ranked,
  createdAt: list.createdAt,
})

function recordMeta(email: string, edit: ListMetaEdit) {
  saveRecorder.current?.namedMeta(email, edit)
}

function recordEntries(
  email: string,
  key: NamedListKey,
  before: readonly NamedEntry[],
  after: readonly NamedEntry[],
  undo: () => void,
) {
  saveRecorder.current?.named(email, key, before, after, undo)
}

export interface ListDraft {
  name: string
  description: string
  ranked: boolean
}

function checkDraft(draft: ListDraft, others: readonly NamedListInfo[]): ListProblem | null {
  const name = listNameProblem(
    draft.name,
    others.map((list) => list.name),
  )
  if (name) return { field: 'name', problem: name }
  const description = descriptionProblem(draft.description)
  if (description) return { field: 'description', problem: description }
  return null
}

type Result<T> = { ok: true; value: T } | { ok: false; problem: ListProblem }

const nowIso = () => new Date().toISOString()

/** The films' positions, evenly spread, in the order given. */
export function positioned(movies: readonly ListEntry[]): NamedEntry[] {
  const keys = generateNKeysBetween(null, null, movies.length)
  return movies.map((movie, index) => ({ ...movie, position: keys[index] ?? 'a0' }))
}

function touch(email: string, id: string, at = nowIso()) {
  const index = readIndex(email)
  writeIndex(
    email,
    index.map((list) => (list.id === id ? { ...list, updatedAt: at } : list)),
  )
}

export const namedLists = {
  create(draft: ListDraft): Result<NamedList> {
    const email = signedInEmail()
    if (!email) return { ok: false, problem: { field: 'list', problem: 'signed-out' } }
    const index = readIndex(email)
    const problem = checkDraft(draft, index)
    if (problem) return { ok: false, problem }
    if (index.length >= MAX_NAMED_LISTS)
      return { ok: false, problem: { field: 'list', problem: 'too-many' } }
    const at = nowIso()
    const list: NamedListInfo = {
      id: crypto.randomUUID(),
      name: cleanListName(draft.name),
      description: draft.description.trim(),
      ranked: draft.ranked,
      createdAt: at,
      updatedAt: at,
    }
    writeIndex(email, [...index, list])
    try {
      recordMeta(email, { id: list.id, present: true, editedAt: Date.now(), meta: metaOf(list) })
    } catch (error) {
      writeIndex(email, index)
      throw error
    }
    reloadNamedLists(email)
    return { ok: true, value: { ...list, movies: [] } }
  },

  update(id: string, draft: ListDraft): Result<NamedListInfo> {
    const email = signedInEmail()
    if (!email) return { ok: false, problem: { field: 'list', problem: 'signed-out' } }
    const index = readIndex(email)
    const held = index.find((list) => list.id === id)
    if (!held) return { ok: false, problem: { field: 'list', problem: 'missing' } }
    const problem = checkDraft(
      draft,
      index.filter((list) => list.id !== id),
    )
    if (problem) return { ok: false, problem }
    const list: NamedListInfo = {
      ...held,
      name: cleanListName(draft.name),
      description: draft.description.trim(),
      ranked: draft.ranked,
      updatedAt: nowIso(),
    }
    writeIndex(
      email,
      index.map((each) => (each.id === id ? list : each)),
    )
    try {
      recordMeta(email, { id, present: true, editedAt: Date.now(), meta: metaOf(list) })
    } catch (error) {
      writeIndex(email, index)
      throw error
    }
    reloadNamedLists(email)
    return { ok: true, value: list }
  },

  /** The list as it was, for Undo. */
  remove(id: string): NamedList | null {
    const email = signedInEmail()
    if (!email) return null
    const index = readIndex(email)
    const held = index.find((list) => list.id === id)
    if (!held) return null
    const movies = readEntries(email, id)
    writeIndex(
      email,
      index.filter((list) => list.id !== id),
    )
    try {
      recordMeta(email, { id, present: false, editedAt: Date.now() })
    } catch (error) {
      writeIndex(email, index)
      throw error
    }
    removeEntries(email, id)
    reloadNamedLists(email)
    return { ...held, movies }
  },

  /** Undo of a deletion: the same list, its films and their order. */
  restore(list: NamedList): void {
    const email = signedInEmail()
    if (!email) return
    const index = readIndex(email)
    if (index.some((each) => each.id === list.id)) return
    const { movies, ...info } = list
    writeEntries(email, list.id, movies)
    writeIndex(email, [...index, { ...info, updatedAt: nowIso() }])
    try {
      recordMeta(email, { id: list.id, present: true, editedAt: Date.now(), meta: metaOf(info) })
    } catch (error) {
      writeIndex(email, index)
      removeEntries(email, list.id)
      throw error
    }
    reloadNamedLists(email)
  },

  /** Saves a list's films; the recorder, in server mode, notes what changed for the sync. */
  saveMovies(id: string, movies: NamedEntry[]): MovieProblem | null {
    const email = signedInEmail()
    if (!email) return 'signed-out'
    if (!readIndex(email).some((list) => list.id === id)) return 'missing'
    if (movies.length > MAX_NAMED_LIST_ENTRIES) return 'full'
    const before = readEntries(email, id)
    writeEntries(email, id, movies)
    recordEntries(email, namedListKey(id), before, movies, () => {
      writeEntries(email, id, before)
    })
    touch(email, id)
    reloadNamedLists(email)
    return null
  },

  add(id: string, movie: Omit<ListEntry, 'added_at'>): MovieProblem | 'duplicate' | null {
    const email = signedInEmail()
    if (!email) return 'signed-out'
    const movies = readEntries(email, id)
    if (movies.some((entry) => entry.id === movie.id)) return 'duplicate'
    const last = movies.at(-1)?.position ?? null
    return namedLists.saveMovies(id, [
      ...movies,
      { ...movie, added_at: nowIso(), position: generateKeyBetween(last, null) },
    ])
  },

  removeMovie(id: string, movieId: number): MovieProblem | null {
    const email = signedInEmail()
    if (!email) return 'signed-out'
    const movies = readEntries(email, id)
    return namedLists.saveMovies(
      id,
      movies.filter((entry) => entry.id !== movieId),
    )
  },

  /** Puts a film at `to` (0-based) in the list's order; only that film's position changes. */
  move(id: string, movieId: number, to: number): MovieProblem | null {
    const email = signedInEmail()
    if (!email) return 'signed-out'
    const movies = readEntries(email, id)
    const from = movies.findIndex((entry) => entry.id === movieId)
    const moving = movies[from]
    if (!moving) return 'missing'
    let rest = movies.filter((entry) => entry.id !== movieId)
    const at = Math.max(0, Math.min(to, rest.length))
    let before = rest[at - 1]?.position ?? null
    let after = rest[at]?.position ?? null
    // Two devices may have given two films one position: the list is then numbered afresh.
    if (before !== null && after !== null && before >= after) {
      rest = positioned(rest)
      before = rest[at - 1]?.position ?? null
      after = rest[at]?.position ?? null
    }
    rest.splice(at, 0, { ...moving, position: generateKeyBetween(before, after) })
    return namedLists.saveMovies(id, rest)
  },
}

// The store follows the session from the moment a page that needs it loads.
if (typeof window !== 'undefined') connectNamedLists()
