/**
 * The watchlist and the seen list: per-user movie lists kept like the favorites (one key per
 * user, built from the lower-cased e-mail; versioned; validated on read, a corrupt value set
 * aside by the storage module; re-read before each write so two tabs keep each other's changes;
 * followed across tabs through storage events). A write that fails throws StorageError and
 * leaves the state as it was.
 */
import * as z from 'zod/mini'
import { create, type StoreApi, type UseBoundStore } from 'zustand'
import { useSessionStore, type CurrentUser } from '@/features/auth/session-store'
import { onStoredChange, readStored, writeStored } from '@/lib/storage'

export const LIST_NAMES = ['watchlist', 'seen'] as const
export type ListName = (typeof LIST_NAMES)[number]

/** What an entry keeps: enough to show, sort and export it, and to link to the detail. */
export const listEntrySchema = z.object({
  id: z.number(),
  title: z.string(),
  poster_path: z.nullish(z.string()),
  release_date: z.nullish(z.string()),
  vote_average: z.nullish(z.number()),
  /** ISO date and time the entry was added. */
  added_at: z.nullish(z.string()),
})

export type ListEntry = z.infer<typeof listEntrySchema>

const LIST_VERSION = 1

const storedListSchema = z.object({
  version: z.literal(LIST_VERSION),
  movies: z.array(listEntrySchema),
})

export const listKey = (list: ListName, email: string) => `${list}:${email.trim().toLowerCase()}`

export interface ListState {
  ownerEmail: string | null
  movies: ListEntry[]
  /** For O(1) "is it on the list?" checks on every card. */
  ids: ReadonlySet<number>
}

const toState = (ownerEmail: string | null, movies: ListEntry[]): ListState => ({
  ownerEmail,
  movies,
  ids: new Set(movies.map((movie) => movie.id)),
})

export type ToggleResult = 'added' | 'removed' | 'signed-out'

export interface MovieListStore {
  name: ListName
  useStore: UseBoundStore<StoreApi<ListState>>
  key: (email: string) => string
  /** Adds the movie, or removes it when already there. */
  toggle: (movie: Omit<ListEntry, 'added_at'>) => ToggleResult
  remove: (movieId: number) => void
  /** Saves `movies` as the whole list, as given (an import's result, or its undo). */
  replace: (movies: ListEntry[]) => void
  /** The signed-in user's list as stored now, or null when nobody is signed in. */
  read: () => ListEntry[] | null
  connect: () => () => void
}

export function createMovieListStore(name: ListName): MovieListStore {
  const key = (email: string) => listKey(name, email)
  const useStore = create<ListState>()(() => toState(null, []))

  const readList = (email: string): ListEntry[] =>
    readStored(key(email), storedListSchema)?.movies ?? []

  const save = (email: string, movies: ListEntry[]) => {
    // Written first: if storage refuses, the exception leaves the state untouched.
    writeStored(key(email), { version: LIST_VERSION, movies })
    useStore.setState(toState(email, movies))
  }

  const owner = () => useSessionStore.getState().currentUser?.email ?? null

  const load = (user: CurrentUser | null) => {
    useStore.setState(user ? toState(user.email, readList(user.email)) : toState(null, []))
  }

  return {
    name,
    useStore,
    key,
    toggle: (movie) => {
      const email = owner()
      if (!email) return 'signed-out'
      const stored = readList(email)
      if (stored.some((entry) => entry.id === movie.id)) {
        save(
          email,
          stored.filter((entry) => entry.id !== movie.id),
        )
        return 'removed'
      }
      save(email, [...stored, { ...movie, added_at: new Date().toISOString() }])
      return 'added'
    },
    remove: (movieId) => {
      const email = owner()
      if (!email) return
      save(
        email,
        readList(email).filter((entry) => entry.id !== movieId),
      )
    },
    replace: (movies) => {
      const email = owner()
      if (email) save(email, movies)
    },
    read: () => {
      const email = owner()
      return email ? readList(email) : null
    },
    connect: () => {
      load(useSessionStore.getState().currentUser)
      const unsubscribeSession = useSessionStore.subscribe((state, previous) => {
        if (state.currentUser?.email !== previous.currentUser?.email) load(state.currentUser)
      })
      const unsubscribeStorage = onStoredChange(
        (changed) => {
          const email = useStore.getState().ownerEmail
          return email !== null && changed === key(email)
        },
        () => {
          load(useSessionStore.getState().currentUser)
        },
      )
      return () => {
        unsubscribeSession()
        unsubscribeStorage()
      }
    },
  }
}

export const watchlist = createMovieListStore('watchlist')
export const seenList = createMovieListStore('seen')

/** Each list's store, by name. */
export const movieLists: Record<ListName, MovieListStore> = { watchlist, seen: seenList }
