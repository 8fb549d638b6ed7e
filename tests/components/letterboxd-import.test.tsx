import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toLetterboxdCsv } from '@/features/lists/transfer/formats'
import type { TransferEntry } from '@/features/lists/transfer/plan'
import { readNamedLists } from '@/lib/movie-lists/named-lists'
import { useSessionStore } from '@/lib/session/session-store'
import { tmdbScenario } from '@/mocks/scenarios'
import { db, server } from '@/mocks/server'
import { listEntryOf } from '../expected'
import { letterboxdExportZip } from '../letterboxd-export'
import { readRealData } from '../real-data'
import { renderRoute } from '../render-route'

afterEach(() => {
  vi.restoreAllMocks()
})

const LISTS = ['watchlist', 'seen', 'favorites'] as const

const keyOf = (list: string) => `${list}:alice@example.com`
const storedMovies = (list: string) =>
  (JSON.parse(localStorage.getItem(keyOf(list)) ?? '{"movies":[]}') as { movies: TransferEntry[] })
    .movies
const titles = () =>
  within(screen.getByRole('main'))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent)
const importFile = () => screen.getByLabelText('Import a list file')
/** A CSV file of the shared real data, as a person would choose it. */
const realCsv = (path: string) =>
  new File([readRealData(path)], path.split('/').pop() ?? path, { type: 'text/csv' })
const signIn = () => {
  useSessionStore.getState().signIn({ name: 'Alice', email: 'alice@example.com' })
}
const zipFile = () =>
  new File([letterboxdExportZip()], 'letterboxd-extratone-2024-04-27.zip', {
    type: 'application/zip',
  })
/** The films of the real "2010 Ranked" list the demo catalog has, in the list's order. */
const RANKED_2010_MATCHED = [
  'Letters to Juliet',
  'Never Let Me Go',
  'Remember Me',
  'Scott Pilgrim vs. The World',
]
/** Hundreds of titles are matched through the mock TMDB, four at a time: seconds when busy. */
const LONG_TEST = 60_000

describe('A Letterboxd file on its own', () => {
  it('a list’s export goes into the page’s list, in the list’s order', async () => {
    signIn()
    const { user } = await renderRoute('/watchlist')
    await user.upload(importFile(), realCsv('letterboxd/agosvenezia/lists-2010-ranked.csv'))
    expect(await screen.findByText('Imported 4 · already there 0 · not found 10')).toBeVisible()
    await waitFor(() => {
      expect(titles()).toEqual(RANKED_2010_MATCHED)
    })
  })

  it(
    'a diary goes into Seen dated by the day each film was last watched',
    async () => {
      signIn()
      const { user } = await renderRoute('/seen')
      await user.upload(importFile(), realCsv('letterboxd/extratone/diary.csv'))
      // 317 diary entries, 293 films (rewatches), 89 of them in the demo catalog.
      expect(await screen.findByText('Imported 89 · already there 0 · not found 204')).toBeVisible()
      const dated = (title: string) =>
        storedMovies('seen')
          .find((movie) => movie.title === title)
          ?.added_at?.slice(0, 10)
      // Logged on 2017-12-31, watched 2017-12-29.
      expect(dated('Iron Man')).toBe('2017-12-29')
      // Logged 2018-01-24 and 2024-03-19, watched 2018-01-22 and 2024-03-18; the CSV export's
      // WatchedDate says so too.
      expect(dated('Inception')).toBe('2024-03-18')
      expect(toLetterboxdCsv('seen', storedMovies('seen'))).toMatch(/,Inception,2010,2024-03-18\r/)
      // The latest watched of the matched films leads the page, newest first.
      await waitFor(() => {
        expect(titles()[0]).toBe('The Abyss')
      })
    },
    LONG_TEST,
  )
})

/** Each list holding one film added in 2020; returns what was stored. */
function signInWithLists() {
  signIn()
  const before: Record<string, string> = {}
  LISTS.forEach((list, index) => {
    const movie = db.movies[index]
    if (!movie) throw new Error('short catalog')
    before[list] = JSON.stringify({
      version: 1,
      movies: [listEntryOf(movie, '2020-01-01T00:00:00.000Z')],
    })
    localStorage.setItem(keyOf(list), before[list])
  })
  return before
}

describe('A Letterboxd export ZIP', () => {
  it(
    'fills all three lists from any list page and makes its list one of the person’s, and one Undo puts all back',
    async () => {
      const before = signInWithLists()
      const { user } = await renderRoute('/favorites')
      await user.upload(importFile(), zipFile())

      const summary = await screen.findByText(
        'Letterboxd export imported into all three lists, not only this page’s:',
      )
      // What the demo catalog (films up to 2010) holds of extratone's 113 + 408 films; The Dark
      // Knight was on the seen list already.
      expect(
        within(summary.parentElement ?? document.body)
          .getAllByRole('paragraph')
          .map((line) => line.textContent),
      ).toEqual([
        'Letterboxd export imported into all three lists, not only this page’s:',
        'Watchlist (watchlist.csv): Imported 19 · already there 0 · not found 94',
        'Seen (watched.csv, diary.csv): Imported 115 · already there 1 · not found 292',
        'Favorites: nothing in this export',
        'List “2010 Ranked” (new): Imported 4 · already there 0 · not found 10',
      ])
      expect(storedMovies('watchlist')).toHaveLength(20)
      expect(storedMovies('seen')).toHaveLength(116)
      // watched.csv has Inception on 2017-12-15, the day it was marked; the diary, watched last
      // on 2024-03-18: the seen list and its export keep the diary's day.
      const inception = storedMovies('seen').find((movie) => movie.title === 'Inception')
      expect(inception?.added_at).toBe('2024-03-18T00:00:00.000Z')
      expect(toLetterboxdCsv('seen', storedMovies('seen'))).toContain(
        `${String(inception?.id)},Inception,2010,2024-03-18`,
      )
      expect(localStorage.getItem(keyOf('favorites'))).toBe(before.favorites)

      // The export's own list becomes a list of the person's own, in its order.
      const [ranked, ...others] = readNamedLists('alice@example.com')
      expect(others).toEqual([])
      expect(ranked).toMatchObject({ name: '2010 Ranked', ranked: true })
      expect(ranked?.movies.map((movie) => movie.title)).toEqual(RANKED_2010_MATCHED)

      await user.click(screen.getByRole('button', { name: 'Undo' }))
      expect(await screen.findByText('Import undone: your lists are as they were.')).toBeVisible()
      for (const list of LISTS) expect(localStorage.getItem(keyOf(list))).toBe(before[list])
      expect(readNamedLists('alice@example.com')).toEqual([])
    },
    LONG_TEST,
  )

  it(
    'changes no list when storage refuses one of them',
    async () => {
      const before = signInWithLists()
      const { user } = await renderRoute('/watchlist')
      const write = localStorage.setItem.bind(localStorage)
      // The watchlist is written first, then the seen list is refused.
      vi.spyOn(Storage.prototype, 'setItem').mockImplementation((key: string, value: string) => {
        if (key === keyOf('seen')) throw new DOMException('full', 'QuotaExceededError')
        write(key, value)
      })
      await user.upload(importFile(), zipFile())
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Browser storage is full or turned off, so nothing was imported: your lists are as they were.',
      )
      for (const list of LISTS) expect(localStorage.getItem(keyOf(list))).toBe(before[list])
    },
    LONG_TEST,
  )

  it('shows one progress for the whole ZIP, and Cancel imports nothing', async () => {
    const before = signInWithLists()
    server.use(tmdbScenario.delay('search', 'forever'))
    const { user } = await renderRoute('/seen')
    await user.upload(importFile(), zipFile())
    // 113 + 408 titles, 4 of them in both files, and the list's 14, one of them seen.
    expect(
      await screen.findByRole('progressbar', { name: 'Matching with TMDB: 0 of 530' }),
    ).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Import cancelled. Nothing was imported.',
    )
    for (const list of LISTS) expect(localStorage.getItem(keyOf(list))).toBe(before[list])
    expect(readNamedLists('alice@example.com')).toEqual([])
  })
})
