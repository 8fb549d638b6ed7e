import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { connectListsToSession } from '@/features/lists/connect'
import { favorites } from '@/lib/movie-lists/favorites-store'
import { seenList, watchlist, type MovieListStore } from '@/lib/movie-lists/list-store'
import { useSessionStore } from '@/lib/session/session-store'
import { StorageError } from '@/lib/storage'
import { alien, matrix } from '../list-movies'

let disconnects: (() => void)[]
beforeEach(() => {
  disconnects = [favorites.connect(), connectListsToSession()]
})
afterEach(() => {
  for (const disconnect of disconnects) disconnect()
  vi.restoreAllMocks()
})

const signIn = (email: string) => {
  useSessionStore.getState().signIn({ name: 'User', email })
}
const stored = (key: string) =>
  JSON.parse(localStorage.getItem(key) ?? 'null') as {
    version: number
    movies: { id: number; added_at: string }[]
  } | null
const storedIds = (key: string) => stored(key)?.movies.map((movie) => movie.id)
const ids = (list: MovieListStore<string>) =>
  list.useStore.getState().movies.map((movie) => movie.id)

const lists = [favorites, watchlist, seenList]

describe.each(lists)('the $name store', (list) => {
  const key = `${list.name}:alice@example.com`

  it('refuses to change anything without a signed-in user', () => {
    expect(list.add(matrix)).toBe('signed-out')
    expect(list.toggle(matrix)).toBe('signed-out')
    expect(Object.keys(localStorage)).toEqual([])
  })

  it('adds, refuses duplicates by id, removes, saved versioned under the lower-cased e-mail with its date', () => {
    signIn('Alice@Example.com')
    expect(list.add(matrix)).toBe('added')
    expect(list.add({ ...matrix, title: 'Renamed' })).toBe('duplicate')
    expect(list.add(alien)).toBe('added')
    expect(list.useStore.getState().ids.has(603)).toBe(true)
    expect(stored(key)?.version).toBe(1)
    expect(storedIds(key)).toEqual([603, 348])
    expect(Date.parse(stored(key)?.movies[0]?.added_at ?? '')).not.toBeNaN()

    list.remove(603)
    expect(ids(list)).toEqual([348])
    expect(storedIds(key)).toEqual([348])
  })

  it('toggles a film on and off', () => {
    signIn('alice@example.com')
    expect(list.toggle(matrix)).toBe('added')
    expect(list.toggle(alien)).toBe('added')
    expect(list.toggle(matrix)).toBe('removed')
    expect(ids(list)).toEqual([348])
    expect(storedIds(key)).toEqual([348])
  })

  it('keeps each user to their own list', () => {
    signIn('alice@example.com')
    list.add(matrix)
    signIn('bob@example.com')
    expect(ids(list)).toEqual([])
    list.add(alien)
    signIn('alice@example.com')
    expect(ids(list)).toEqual([603])
  })

  it('re-reads before writing, so a film another tab added is kept', () => {
    signIn('alice@example.com')
    list.add(matrix)
    localStorage.setItem(key, JSON.stringify({ version: 1, movies: [matrix, { ...alien, id: 1 }] }))
    list.add(alien)
    expect(storedIds(key)).toEqual([603, 1, 348])
  })

  it('follows another tab through storage events for its own key only', () => {
    signIn('alice@example.com')
    const other = list === watchlist ? seenList : watchlist
    localStorage.setItem(key, JSON.stringify({ version: 1, movies: [alien] }))
    window.dispatchEvent(new StorageEvent('storage', { key }))
    expect(ids(list)).toEqual([348])
    expect(ids(other)).toEqual([])
  })

  it('sets a corrupt value aside and starts empty', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    localStorage.setItem(key, '{not json')
    signIn('alice@example.com')
    expect(ids(list)).toEqual([])
    const backups = Object.keys(localStorage).filter((name) => name.startsWith('backup:'))
    expect(backups.map((backup) => backup.split(':').slice(1, 3).join(':'))).toEqual([key])
    expect(localStorage.getItem(backups[0] ?? '')).toBe('{not json')
  })

  it('leaves the list unchanged when storage is full', () => {
    signIn('alice@example.com')
    list.add(matrix)
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    expect(() => list.add(alien)).toThrow(StorageError)
    expect(() => list.toggle(matrix)).toThrow(StorageError)
    expect(ids(list)).toEqual([603])
  })
})

describe('the lists side by side', () => {
  it('keep the lists apart: a film seen stays on the watchlist and in the favorites', () => {
    signIn('alice@example.com')
    for (const list of lists) list.toggle(matrix)
    seenList.toggle(matrix)
    expect(ids(seenList)).toEqual([])
    expect(ids(watchlist)).toEqual([603])
    expect(ids(favorites)).toEqual([603])
  })

  it('read the favorites saved as a bare array of movie records, keeping a favorite’s fields', () => {
    localStorage.setItem(
      'favorites:alice@example.com',
      JSON.stringify([{ ...matrix, overview: 'x', added_at: '2020-01-01T00:00:00.000Z' }]),
    )
    signIn('alice@example.com')
    const { id, title, poster_path, release_date } = matrix
    expect(favorites.useStore.getState().movies).toEqual([{ id, title, poster_path, release_date }])
  })

  it('set a bare array aside on the watchlist, which was never saved so', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    localStorage.setItem('watchlist:alice@example.com', JSON.stringify([matrix]))
    signIn('alice@example.com')
    expect(ids(watchlist)).toEqual([])
    expect(Object.keys(localStorage).some((key) => key.startsWith('backup:watchlist:'))).toBe(true)
  })
})
