import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useSessionStore } from '@/features/auth/session-store'
import {
  addFavorite,
  connectFavoritesToSession,
  favoritesKey,
  removeFavorite,
  useFavoritesStore,
} from '@/features/favorites/favorites-store'
import { StorageError } from '@/lib/storage'

const matrix = { id: 603, title: 'The Matrix', poster_path: '/m.jpg', release_date: '1999-03-31' }
const alien = { id: 348, title: 'Alien', poster_path: null, release_date: '1979-05-25' }

let disconnect: () => void
beforeEach(() => {
  disconnect = connectFavoritesToSession()
})
afterEach(() => {
  disconnect()
  vi.restoreAllMocks()
})

const signIn = (email: string) => {
  useSessionStore.getState().signIn({ name: 'User', email })
}
const storedIds = (email: string) =>
  (
    JSON.parse(localStorage.getItem(favoritesKey(email)) ?? '{"movies":[]}') as {
      movies: { id: number }[]
    }
  ).movies.map((movie) => movie.id)

describe('favorites store', () => {
  it('refuses to add without a signed-in user', () => {
    expect(addFavorite(matrix)).toBe('signed-out')
    expect(Object.keys(localStorage)).toEqual([])
  })

  it('adds, refuses duplicates by id, removes, and saves under the lower-cased e-mail', () => {
    signIn('Alice@Example.com')
    expect(addFavorite(matrix)).toBe('added')
    expect(addFavorite({ ...matrix, title: 'Renamed' })).toBe('duplicate')
    expect(addFavorite(alien)).toBe('added')
    expect(useFavoritesStore.getState().ids.has(603)).toBe(true)
    expect(storedIds('alice@example.com')).toEqual([603, 348])
    expect(localStorage.getItem('favorites:alice@example.com')).toContain('"version":1')

    removeFavorite(603)
    expect(useFavoritesStore.getState().movies.map((movie) => movie.id)).toEqual([348])
    expect(storedIds('alice@example.com')).toEqual([348])
  })

  it('keeps each user to their own list', () => {
    signIn('alice@example.com')
    addFavorite(matrix)
    signIn('bob@example.com')
    expect(useFavoritesStore.getState().movies).toEqual([])
    addFavorite(alien)
    signIn('alice@example.com')
    expect(useFavoritesStore.getState().movies.map((movie) => movie.id)).toEqual([603])
  })

  it('re-reads before writing, so a film another tab added is kept', () => {
    signIn('alice@example.com')
    addFavorite(matrix)
    // Another tab writes its own addition directly.
    localStorage.setItem(
      favoritesKey('alice@example.com'),
      JSON.stringify({ version: 1, movies: [matrix, { ...alien, id: 1 }] }),
    )
    addFavorite(alien)
    expect(storedIds('alice@example.com')).toEqual([603, 1, 348])
  })

  it('follows another tab through storage events', () => {
    signIn('alice@example.com')
    localStorage.setItem(
      favoritesKey('alice@example.com'),
      JSON.stringify({ version: 1, movies: [alien] }),
    )
    window.dispatchEvent(new StorageEvent('storage', { key: favoritesKey('alice@example.com') }))
    expect(useFavoritesStore.getState().movies.map((movie) => movie.id)).toEqual([348])
  })

  it('reads a legacy bare array of movie records', () => {
    localStorage.setItem(
      favoritesKey('alice@example.com'),
      JSON.stringify([{ ...matrix, overview: 'x', vote_average: 8 }]),
    )
    signIn('alice@example.com')
    expect(useFavoritesStore.getState().movies).toEqual([matrix])
  })

  it('leaves the list unchanged when storage is full', () => {
    signIn('alice@example.com')
    addFavorite(matrix)
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    expect(() => addFavorite(alien)).toThrow(StorageError)
    expect(useFavoritesStore.getState().movies.map((movie) => movie.id)).toEqual([603])
  })
})
