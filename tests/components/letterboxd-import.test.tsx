import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSessionStore } from '@/features/auth/session-store'
import { toLetterboxdCsv } from '@/features/lists/transfer/formats'
import type { TransferEntry } from '@/features/lists/transfer/plan'
import { readRealData } from '../real-data'
import { renderRoute } from '../render-route'

const keyOf = (list: string) => `${list}:alice@example.com`
const storedMovies = (list: string) =>
  (JSON.parse(localStorage.getItem(keyOf(list)) ?? '{"movies":[]}') as { movies: TransferEntry[] })
    .movies
const titles = () =>
  within(screen.getByRole('main'))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent)
const importFile = () => screen.getByLabelText('Import a list file')
/** Hundreds of titles are matched through the mock TMDB, four at a time: seconds when busy. */
const MATCHED = { timeout: 45_000 }
const LONG_TEST = 60_000

describe('A Letterboxd file on its own', () => {
  it('a list’s export goes into the page’s list, in the list’s order', async () => {
    useSessionStore.getState().signIn({ name: 'Alice', email: 'alice@example.com' })
    const { user } = await renderRoute('/watchlist')
    await user.upload(
      importFile(),
      new File([readRealData('letterboxd/agosvenezia/lists-2010-ranked.csv')], '2010-ranked.csv', {
        type: 'text/csv',
      }),
    )
    expect(await screen.findByText('Imported 4 · already there 0 · not found 10')).toBeVisible()
    await waitFor(() => {
      expect(titles()).toEqual([
        'Letters to Juliet',
        'Never Let Me Go',
        'Remember Me',
        'Scott Pilgrim vs. The World',
      ])
    })
  })

  it(
    'a diary goes into Seen dated by the day each film was last watched',
    async () => {
      useSessionStore.getState().signIn({ name: 'Alice', email: 'alice@example.com' })
      const { user } = await renderRoute('/seen')
      await user.upload(
        importFile(),
        new File([readRealData('letterboxd/extratone/diary.csv')], 'diary.csv', {
          type: 'text/csv',
        }),
      )
      // 317 diary entries, 293 films (rewatches), 89 of them in the demo catalog.
      expect(
        await screen.findByText('Imported 89 · already there 0 · not found 204', {}, MATCHED),
      ).toBeVisible()
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
