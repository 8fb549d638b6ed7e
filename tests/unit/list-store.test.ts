import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useSessionStore } from '@/features/auth/session-store'
import { connectListsToSession } from '@/features/lists/connect'
import { seenList, watchlist } from '@/features/lists/list-store'
import { StorageError } from '@/lib/storage'

const matrix = {
  id: 603,
  title: 'The Matrix',
  poster_path: '/m.jpg',
  release_date: '1999-03-31',
  vote_average: 8.2,
}
const alien = {
  id: 348,
  title: 'Alien',
  poster_path: null,
  release_date: '1979-05-25',
  vote_average: 8.1,
}

let disconnect: () => void
beforeEach(() => {
  disconnect = connectListsToSession()
})
afterEach(() => {
  disconnect()
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
const ids = (list: typeof watchlist) => list.useStore.getState().movies.map((movie) => movie.id)

describe('watchlist and seen stores', () => {
  it('refuse to change anything without a signed-in user', () => {
    expect(watchlist.toggle(matrix)).toBe('signed-out')
    expect(seenList.toggle(matrix)).toBe('signed-out')
    expect(Object.keys(localStorage)).toEqual([])
  })

  it('toggle a film on and off, saved versioned under the lower-cased e-mail with its date', () => {
    signIn('Alice@Example.com')
    expect(watchlist.toggle(matrix)).toBe('added')
    expect(watchlist.toggle(alien)).toBe('added')
    const saved = stored('watchlist:alice@example.com')
    expect(saved?.version).toBe(1)
    expect(saved?.movies.map((movie) => movie.id)).toEqual([603, 348])
    expect(Date.parse(saved?.movies[0]?.added_at ?? '')).not.toBeNaN()
    expect(watchlist.useStore.getState().ids.has(603)).toBe(true)

    expect(watchlist.toggle(matrix)).toBe('removed')
    expect(ids(watchlist)).toEqual([348])
    expect(stored('watchlist:alice@example.com')?.movies.map((movie) => movie.id)).toEqual([348])
  })

  it('keep the two lists apart: a film seen stays on the watchlist', () => {
    signIn('alice@example.com')
    watchlist.toggle(matrix)
    seenList.toggle(matrix)
    expect(ids(watchlist)).toEqual([603])
    expect(ids(seenList)).toEqual([603])
    expect(stored('seen:alice@example.com')?.movies.map((movie) => movie.id)).toEqual([603])
  })

  it('keep each user to their own lists', () => {
    signIn('alice@example.com')
    seenList.toggle(matrix)
    signIn('bob@example.com')
    expect(ids(seenList)).toEqual([])
    seenList.toggle(alien)
    signIn('alice@example.com')
    expect(ids(seenList)).toEqual([603])
  })

  it('re-read before writing, so a film another tab added is kept', () => {
    signIn('alice@example.com')
    watchlist.toggle(matrix)
    localStorage.setItem(
      'watchlist:alice@example.com',
      JSON.stringify({ version: 1, movies: [matrix, { ...alien, id: 1 }] }),
    )
    watchlist.toggle(alien)
    expect(stored('watchlist:alice@example.com')?.movies.map((movie) => movie.id)).toEqual([
      603, 1, 348,
    ])
  })

  it('follow another tab through storage events for their own key only', () => {
    signIn('alice@example.com')
    localStorage.setItem('seen:alice@example.com', JSON.stringify({ version: 1, movies: [alien] }))
    window.dispatchEvent(new StorageEvent('storage', { key: 'seen:alice@example.com' }))
    expect(ids(seenList)).toEqual([348])
    expect(ids(watchlist)).toEqual([])
  })

  it('set a corrupt value aside and start empty', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    localStorage.setItem('watchlist:alice@example.com', '{not json')
    localStorage.setItem('seen:alice@example.com', JSON.stringify({ version: 9, movies: 'x' }))
    signIn('alice@example.com')
    expect(ids(watchlist)).toEqual([])
    expect(ids(seenList)).toEqual([])
    const backups = Object.keys(localStorage).filter((key) => key.startsWith('backup:'))
    expect(backups.map((key) => key.split(':').slice(1, 3).join(':')).sort()).toEqual([
      'seen:alice@example.com',
      'watchlist:alice@example.com',
    ])
    expect(localStorage.getItem(backups.find((key) => key.includes('watchlist')) ?? '')).toBe(
      '{not json',
    )
  })

  it('leave the list unchanged when storage is full', () => {
    signIn('alice@example.com')
    watchlist.toggle(matrix)
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    expect(() => watchlist.toggle(alien)).toThrow(StorageError)
    expect(() => watchlist.toggle(matrix)).toThrow(StorageError)
    expect(ids(watchlist)).toEqual([603])
  })
})
