import { create, type StoreApi, type UseBoundStore } from 'zustand'
import { saveRecorder } from '@/lib/movie-lists/save-recorder'
import type { CurrentUser } from '@/lib/session/session-store'
import { followSession, signedInEmail, userKey } from '@/lib/session/user-storage'
import { readStored, writeStored } from '@/lib/storage'
import * as v from '@/lib/validate'

export type ListName = 'watchlist' | 'seen'

export const listEntrySchema = v.object({
  id: v.number(),
  title: v.string(),
  poster_path: v.nullish(v.string()),
  release_date: v.nullish(v.string()),
  vote_average: v.nullish(v.number()),
  /** Absent on favorites saved before it was kept. */
  added_at: v.nullish(v.string()),
})

export type ListEntry = v.Infer<typeof listEntrySchema>

export const LIST_VERSION = 1

const storedListSchema = v.object({
  version: v.literal(LIST_VERSION),
  movies: v.array(listEntrySchema),
})

const storedListOrBareArraySchema = v.union(storedListSchema, v.array(listEntrySchema))

function readEntries(key: string, acceptBareArray: boolean): ListEntry[] {
  if (!acceptBareArray) return readStored(key, storedListSchema)?.movies ?? []
  const stored = readStored(key, storedListOrBareArraySchema)
  if (!stored) return []
  if (!Array.isArray(stored)) return stored.movies
  // A bare array held whole TMDB records: only a favorite's own fields are kept.
  return stored.map(({ id, title, poster_path, release_date }) => ({
    id,
    title,
    poster_path,
    release_date,
  }))
}

export interface ListState {
  ownerEmail: string | null
  movies: ListEntry[]
  ids: ReadonlySet<number>
}

const toState = (ownerEmail: string | null, movies: ListEntry[]): ListState => ({
  ownerEmail,
  movies,
  ids: new Set(movies.map((movie) => movie.id)),
})

export type AddResult = 'added' | 'duplicate' | 'signed-out'
export type ToggleResult = 'added' | 'removed' | 'signed-out'

export interface MovieListStore<Name extends string = ListName> {
  name: Name
  useStore: UseBoundStore<StoreApi<ListState>>
  key: (email: string) => string
  add: (movie: Omit<ListEntry, 'added_at'>) => AddResult
  toggle: (movie: Omit<ListEntry, 'added_at'>) => ToggleResult
  remove: (movieId: number) => void
  replace: (movies: ListEntry[]) => void
  read: () => ListEntry[] | null
  connect: () => () => void
  readOf: (email: string) => ListEntry[]
}

export function createMovieListStore<Name extends 'favorites' | ListName>(
  name: Name,
  { acceptBareArray = false }: { acceptBareArray?: boolean } = {},
): MovieListStore<Name> {
  const key = (email: string) => userKey(name, email)
  const useStore = create<ListState>()(() => toState(null, []))

  const readList = (email: string) => readEntries(key(email), acceptBareArray)

  const write = (email: string, movies: ListEntry[]) => {
    writeStored(key(email), { version: LIST_VERSION, movies })
  }

  // Both are written before the state changes: if storage refuses either, nothing changes.
  const save = (email: string, movies: ListEntry[], before?: ListEntry[]) => {
    // Only a recorder (server mode) needs the list as it was.
    const old = before ?? (saveRecorder.current ? readList(email) : [])
    write(email, movies)
    saveRecorder.current?.list(name, email, old, movies, () => {
      write(email, old)
    })
    useStore.setState(toState(email, movies))
  }

  const load = (user: CurrentUser | null) => {
    useStore.setState(user ? toState(user.email, readList(user.email)) : toState(null, []))
  }

  const withAdded = (stored: ListEntry[], movie: Omit<ListEntry, 'added_at'>) => [
    ...stored,
    { ...movie, added_at: new Date().toISOString() },
  ]
  const has = (stored: ListEntry[], movieId: number) => stored.some((entry) => entry.id === movieId)
  const without = (stored: ListEntry[], movieId: number) =>
    stored.filter((entry) => entry.id !== movieId)

  return {
    name,
    useStore,
    key,
    add: (movie) => {
      const email = signedInEmail()
      if (!email) return 'signed-out'
      const stored = readList(email)
      if (has(stored, movie.id)) {
        // Nothing to write, but the state shows what another tab may have saved meanwhile.
        useStore.setState(toState(email, stored))
        return 'duplicate'
      }
      save(email, withAdded(stored, movie), stored)
      return 'added'
    },
    toggle: (movie) => {
      const email = signedInEmail()
      if (!email) return 'signed-out'
      const stored = readList(email)
      const listed = has(stored, movie.id)
      save(email, listed ? without(stored, movie.id) : withAdded(stored, movie), stored)
      return listed ? 'removed' : 'added'
    },
    remove: (movieId) => {
      const email = signedInEmail()
      if (!email) return
      const stored = readList(email)
      save(email, without(stored, movieId), stored)
    },
    replace: (movies) => {
      const email = signedInEmail()
      if (email) save(email, movies)
    },
    read: () => {
      const email = signedInEmail()
      return email ? readList(email) : null
    },
    connect: () => followSession({ key, heldBy: () => useStore.getState().ownerEmail, load }),
    readOf: readList,
  }
}

export const watchlist = createMovieListStore('watchlist')
export const seenList = createMovieListStore('seen')

export const movieLists: Record<ListName, MovieListStore> = { watchlist, seen: seenList }
