import * as z from 'zod/mini'
import { create } from 'zustand'
import { useSessionStore, type CurrentUser } from '@/features/auth/session-store'
import { onStoredChange, readStored, writeStored } from '@/lib/storage'

/**
 * What a favorite keeps: enough for the favorites page and the link to the detail, and for
 * sorting the list (rating, when it was added: absent on favorites saved before they were kept).
 */
const favoriteMovieSchema = z.object({
  id: z.number(),
  title: z.string(),
  poster_path: z.nullish(z.string()),
  release_date: z.nullish(z.string()),
  vote_average: z.nullish(z.number()),
  /** ISO date and time the favorite was added. */
  added_at: z.nullish(z.string()),
})

export type FavoriteMovie = z.infer<typeof favoriteMovieSchema>

const FAVORITES_VERSION = 1

const storedFavoritesSchema = z.union([
  z.object({ version: z.literal(FAVORITES_VERSION), movies: z.array(favoriteMovieSchema) }),
  // A bare array of movie records, as earlier versions of the app kept them.
  z.array(favoriteMovieSchema),
])

/** One list per user, under a key built from the e-mail as typed at registration, lower-cased. */
export const favoritesKey = (email: string) => `favorites:${email.trim().toLowerCase()}`

function readFavorites(email: string): FavoriteMovie[] {
  const stored = readStored(favoritesKey(email), storedFavoritesSchema)
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

function writeFavorites(email: string, movies: FavoriteMovie[]): void {
  writeStored(favoritesKey(email), { version: FAVORITES_VERSION, movies })
}

interface FavoritesState {
  ownerEmail: string | null
  movies: FavoriteMovie[]
  /** For O(1) "is it a favorite?" checks on every card. */
  ids: ReadonlySet<number>
}

const toState = (ownerEmail: string | null, movies: FavoriteMovie[]): FavoritesState => ({
  ownerEmail,
  movies,
  ids: new Set(movies.map((movie) => movie.id)),
})

export const useFavoritesStore = create<FavoritesState>()(() => toState(null, []))

function loadFavoritesFor(user: CurrentUser | null): void {
  useFavoritesStore.setState(
    user ? toState(user.email, readFavorites(user.email)) : toState(null, []),
  )
}

export type AddFavoriteResult = 'added' | 'duplicate' | 'signed-out'

/**
 * Each change re-reads the stored list first, so two tabs adding different films both keep
 * theirs. Throws StorageError when the list cannot be saved; the state is then unchanged.
 */
export function addFavorite(movie: Omit<FavoriteMovie, 'added_at'>): AddFavoriteResult {
  const ownerEmail = useSessionStore.getState().currentUser?.email
  if (!ownerEmail) return 'signed-out'
  const stored = readFavorites(ownerEmail)
  if (stored.some((favorite) => favorite.id === movie.id)) {
    useFavoritesStore.setState(toState(ownerEmail, stored))
    return 'duplicate'
  }
  const next = [...stored, { ...movie, added_at: new Date().toISOString() }]
  writeFavorites(ownerEmail, next)
  useFavoritesStore.setState(toState(ownerEmail, next))
  return 'added'
}

export function removeFavorite(movieId: number): void {
  const ownerEmail = useSessionStore.getState().currentUser?.email
  if (!ownerEmail) return
  const next = readFavorites(ownerEmail).filter((favorite) => favorite.id !== movieId)
  writeFavorites(ownerEmail, next)
  useFavoritesStore.setState(toState(ownerEmail, next))
}

/** The signed-in user's favorites as stored now, or null when nobody is signed in. */
export function readSignedInFavorites(): FavoriteMovie[] | null {
  const ownerEmail = useSessionStore.getState().currentUser?.email
  return ownerEmail ? readFavorites(ownerEmail) : null
}

/** Saves `movies` as the whole list (an import's result, or its undo). Throws StorageError. */
export function replaceFavorites(movies: FavoriteMovie[]): void {
  const ownerEmail = useSessionStore.getState().currentUser?.email
  if (!ownerEmail) return
  writeFavorites(ownerEmail, movies)
  useFavoritesStore.setState(toState(ownerEmail, movies))
}

/** Follow the session: load the signed-in user's list, and another tab's changes to it. */
export function connectFavoritesToSession(): () => void {
  loadFavoritesFor(useSessionStore.getState().currentUser)
  const unsubscribeSession = useSessionStore.subscribe((state, previous) => {
    if (state.currentUser?.email !== previous.currentUser?.email)
      loadFavoritesFor(state.currentUser)
  })
  const unsubscribeStorage = onStoredChange(
    (key) => {
      const owner = useFavoritesStore.getState().ownerEmail
      return owner !== null && key === favoritesKey(owner)
    },
    () => {
      loadFavoritesFor(useSessionStore.getState().currentUser)
    },
  )
  return () => {
    unsubscribeSession()
    unsubscribeStorage()
  }
}
