import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { tmdbConfig } from '@/config/env'
import { toLetterboxdCsv } from '@/features/lists/transfer/formats'
import { useSessionStore } from '@/lib/session/session-store'
import { PLACEHOLDER_POSTER, posterUrl } from '@/lib/tmdb'
import { db } from '@/mocks/server'
import { renderRoute } from '../render-route'

afterEach(() => {
  vi.restoreAllMocks()
})

const signIn = () => {
  useSessionStore.getState().signIn({ name: 'Alice', email: 'alice@example.com' })
}
const KEY = 'watchlist:alice@example.com'
const csvFile = (text: string, name = 'list.csv') => new File([text], name, { type: 'text/csv' })
const [first, second, third] = db.movies
if (!first || !second || !third) throw new Error('short catalog')
const stored = () => localStorage.getItem(KEY)
const titles = () =>
  within(within(screen.getByRole('main')).getByRole('list'))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent)

describe('Import on a list page', () => {
  it('merges a tmdbID CSV, sums it up, and Undo restores the list exactly', async () => {
    signIn()
    const before = JSON.stringify({
      version: 1,
      movies: [{ id: first.id, title: first.title, added_at: '2020-01-01T00:00:00.000Z' }],
    })
    localStorage.setItem(KEY, before)
    const { user } = await renderRoute('/watchlist')
    // The summary's live region is there, empty, before the import: its text is then announced.
    const status = screen.getByRole('status', { name: 'Import summary' })
    expect(status).toBeEmptyDOMElement()
    await user.upload(
      screen.getByLabelText('Import a list file'),
      csvFile(
        `tmdbID,Title\n${String(first.id)},${first.title}\n${String(second.id)},"${second.title}"\nbad,Nope\n`,
      ),
    )
    expect(
      await within(status).findByText(
        'Imported 1 · already there 1 · not found 0 · 1 row skipped (invalid id)',
      ),
    ).toBeInTheDocument()
    // Newest first: the imported film, dated now, before the one added in 2020.
    await waitFor(() => {
      expect(titles()).toEqual([second.title, first.title])
    })

    await user.click(screen.getByRole('button', { name: 'Undo' }))
    expect(stored()).toBe(before)
    await waitFor(() => {
      expect(titles()).toEqual([first.title])
    })
  })

  it('imports into an empty list, whose page offers Import but not Export', async () => {
    signIn()
    const { user } = await renderRoute('/watchlist')
    expect(screen.queryByRole('button', { name: 'Export JSON' })).not.toBeInTheDocument()
    await user.upload(
      screen.getByLabelText('Import a list file'),
      csvFile(`tmdbID\n${String(third.id)}\n`),
    )
    expect(await screen.findByText('Imported 1 · already there 0 · not found 0')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Export JSON' })).toBeVisible()
  })

  it('looks up a CSV’s films on TMDB, so a list exported as CSV comes back with its posters', async () => {
    signIn()
    const unknownId = 999_999_999
    const csv = toLetterboxdCsv('watchlist', [
      { id: second.id, title: second.title, release_date: second.release_date },
      { id: unknownId, title: 'Not on TMDB', release_date: '1999-01-01' },
    ])
    const { user } = await renderRoute('/watchlist')
    await user.upload(screen.getByLabelText('Import a list file'), csvFile(csv))
    expect(await screen.findByText('Imported 2 · already there 0 · not found 0')).toBeVisible()
    const saved = JSON.parse(stored() ?? '{}') as {
      movies: { id: number; poster_path?: string | null }[]
    }
    expect(saved.movies.find((movie) => movie.id === second.id)?.poster_path).toBe(
      second.poster_path,
    )
    expect(saved.movies.find((movie) => movie.id === unknownId)?.poster_path).toBeUndefined()
    const posters = () =>
      [...screen.getByRole('main').querySelectorAll('img')].map((image) =>
        image.getAttribute('src'),
      )
    await waitFor(() => {
      expect(posters()).toEqual([
        posterUrl(second.poster_path, 'w300', tmdbConfig.imageUrl),
        PLACEHOLDER_POSTER,
      ])
    })
    expect(titles()).toContain('Not on TMDB')
  })

  it('changes nothing and says so for a bad file', async () => {
    signIn()
    const before = JSON.stringify({ version: 1, movies: [{ id: first.id, title: first.title }] })
    localStorage.setItem(KEY, before)
    const { user } = await renderRoute('/watchlist')
    await user.upload(
      screen.getByLabelText('Import a list file'),
      new File(['{"hello": 1}'], 'x.json', { type: 'application/json' }),
    )
    expect(await screen.findByRole('alert')).toHaveTextContent(/not a CineList export/)
    expect(stored()).toBe(before)
  })

  it('writes nothing when storage is full, and says so', async () => {
    signIn()
    const before = JSON.stringify({ version: 1, movies: [{ id: first.id, title: first.title }] })
    localStorage.setItem(KEY, before)
    const { user } = await renderRoute('/watchlist')
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    await user.upload(
      screen.getByLabelText('Import a list file'),
      csvFile(`tmdbID\n${String(second.id)}\n`),
    )
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Browser storage is full or turned off, so nothing was imported: your list is as it was.',
    )
    expect(stored()).toBe(before)
    expect(
      within(within(screen.getByRole('main')).getByRole('list')).getAllByRole('listitem'),
    ).toHaveLength(1)
  })

  it('matches a Letterboxd file with progress, lists the titles not found', async () => {
    signIn()
    const found = db.movies.find((movie) => db.search(movie.title, 1).results[0]?.id === movie.id)
    if (!found) throw new Error('no searchable movie')
    const { user } = await renderRoute('/seen')
    await user.upload(
      screen.getByLabelText('Import a list file'),
      csvFile(
        `Date,Name,Year,Letterboxd URI\n2024-01-02,"${found.title}",,https://boxd.it/a\n2024-01-03,Qqzzx Never Made,2001,https://boxd.it/b\n`,
        'watched.csv',
      ),
    )
    expect(await screen.findByText('Imported 1 · already there 0 · not found 1')).toBeVisible()
    expect(screen.getByText('Qqzzx Never Made')).toBeInTheDocument()
    expect(localStorage.getItem('seen:alice@example.com')).toContain(`"id":${String(found.id)}`)
  })
})
