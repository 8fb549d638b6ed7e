import { act, fireEvent, getConfig, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { db, server } from '@/mocks/server'
import { linkTexts } from '../queries'
import { hydrateRoute, renderRoute } from '../render-route'
import { recordTmdbRequests } from '../tmdb-requests'

const SEARCH = 'https://api.themoviedb.org/3/search/movie'

/** The search requests sent, as their terms. */
const recordSearchTerms = () =>
  recordTmdbRequests('/search/movie', (url) => url.searchParams.get('query') ?? '')

afterEach(() => {
  vi.useRealTimers()
})

describe('Search', () => {
  it('prompts for a title on an empty box', async () => {
    await renderRoute('/search')
    expect(screen.getByRole('heading', { level: 1, name: 'Search Movies' })).toBeInTheDocument()
    expect(screen.getByPlaceholderText('Enter movie title...')).toHaveValue('')
    expect(screen.getByText('Enter a movie title to start searching')).toBeInTheDocument()
    expect(document.title).toBe('Search · CineList')
  })

  it('waits 500 ms after the last keystroke, then searches once and writes ?q= to the URL', async () => {
    const terms = recordSearchTerms()
    const { router } = await renderRoute('/search')
    const input = screen.getByPlaceholderText('Enter movie title...')
    vi.useFakeTimers()
    // Keystrokes 400 ms apart: each one restarts the wait.
    for (const text of ['m', 'ma', 'mat', 'matrix']) {
      fireEvent.change(input, { target: { value: text } })
      await act(() => vi.advanceTimersByTimeAsync(400))
    }
    await act(() => vi.advanceTimersByTimeAsync(99))
    expect(terms).toEqual([])
    expect(router.state.location.search).toEqual({})

    await act(() => vi.advanceTimersByTimeAsync(1))
    // vi.waitFor advances the fake clock between checks, so the response can arrive; it waits as
    // long as the other waits do (tests/setup.ts), not its own second.
    const results = await vi.waitFor(() => screen.getByRole('list', { name: /Results for/ }), {
      timeout: getConfig().asyncUtilTimeout,
    })
    expect(linkTexts(results)).toEqual([
      'The Matrix',
      'The Matrix Reloaded',
      'The Matrix Revolutions',
    ])
    expect(terms).toEqual(['matrix'])
    expect(router.state.location.search).toEqual({ q: 'matrix' })
    // Typing replaced the history entry rather than adding one per pause.
    expect(router.history.length).toBe(1)
  })

  it('shows results for a term opened by URL, with w200 posters linking to the detail', async () => {
    await renderRoute('/search?q=matrix')
    expect(screen.getByPlaceholderText('Enter movie title...')).toHaveValue('matrix')
    const link = await screen.findByRole('link', { name: 'The Matrix' })
    const matrix = db.search('The Matrix', 1).results[0]
    expect(link).toHaveAttribute('href', `/movie/${String(matrix?.id)}`)
    expect(within(link).getByRole('presentation')).toHaveAttribute(
      'src',
      `https://image.tmdb.org/t/p/w200${String(matrix?.poster_path)}`,
    )
  })

  it('shows at most 10 results, merged from up to 5 pages', async () => {
    const pages = recordTmdbRequests('/search/movie', (url) => url.searchParams.get('page') ?? '')
    await renderRoute('/search?q=the')
    const results = await screen.findByRole('list', { name: /Results for/ })
    await waitFor(() => {
      expect(results).toHaveAttribute('aria-busy', 'false')
    })
    expect(within(results).getAllByRole('listitem')).toHaveLength(10)
    expect(pages.sort()).toEqual(['1', '2', '3', '4', '5'])
  })

  it("shows page 1's results while the other pages load, then the merged list", async () => {
    const release = new AbortController()
    const laterPages = new Promise((resolve) => {
      release.signal.addEventListener('abort', resolve)
    })
    server.use(
      http.get(SEARCH, async ({ request }) => {
        if (new URL(request.url).searchParams.get('page') !== '1') await laterPages
        return undefined
      }),
    )
    await renderRoute('/search?q=the')
    const results = await screen.findByRole('list', { name: /Results for/ })
    expect(results).toHaveAttribute('aria-busy', 'true')
    const firstTen = db
      .search('the', 1)
      .results.slice(0, 10)
      .map((movie) => movie.title)
    expect(linkTexts(results)).toEqual(firstTen)

    release.abort()
    await waitFor(() => {
      expect(results).toHaveAttribute('aria-busy', 'false')
    })
    expect(linkTexts(results)).toEqual(firstTen)
  })

  it('says so when nothing matches', async () => {
    await renderRoute('/search?q=zzzzqqqq')
    expect(await screen.findByText('No movies found')).toBeInTheDocument()
  })

  it('says so when the search fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    server.use(http.get(SEARCH, () => HttpResponse.json({ status_code: 11 }, { status: 500 })))
    await renderRoute('/search?q=matrix')
    expect(await screen.findByText('Error fetching data')).toBeInTheDocument()
  })

  it('shows a loading state while fetching', async () => {
    server.use(http.get(SEARCH, () => new Promise<never>(() => undefined)))
    await renderRoute('/search?q=matrix')
    expect(await screen.findByText('Loading...')).toBeInTheDocument()
  })

  it('falls back to the placeholder poster when an image fails to load', async () => {
    await renderRoute('/search?q=matrix')
    const link = await screen.findByRole('link', { name: 'The Matrix' })
    const image = within(link).getByRole('presentation')
    image.dispatchEvent(new Event('error'))
    await waitFor(() => {
      expect(image).toHaveAttribute('src', '/placeholder-poster.svg')
    })
  })
})

describe('Search, in a page the server rendered (npm start)', () => {
  it('keeps what was typed before the page hydrated, with the focus, and searches it', async () => {
    const terms = recordSearchTerms()
    const { router, recoverable } = await hydrateRoute('/search?q=matrix', (page) => {
      const box = page.querySelector<HTMLInputElement>('input[type="search"]')
      if (!box) throw new Error('the page has no search box')
      box.focus()
      box.value = 'matrix reloaded'
    })
    const input = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Movie title' })
    expect(input).toHaveValue('matrix reloaded')
    expect(input).toHaveFocus()
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ q: 'matrix reloaded' })
    })
    expect(
      linkTexts(await screen.findByRole('list', { name: 'Results for “matrix reloaded”' })),
    ).toEqual(['The Matrix Reloaded'])
    expect(terms).toContain('matrix reloaded')
    expect(recoverable).toEqual([])
  })

  it('changes nothing when the box was left alone before the page hydrated', async () => {
    const { router, recoverable } = await hydrateRoute('/search?q=matrix', () => undefined)
    const input = screen.getByRole('searchbox', { name: 'Movie title' })
    expect(input).toHaveValue('matrix')
    await screen.findByRole('list', { name: 'Results for “matrix”' })
    expect(router.state.location.search).toEqual({ q: 'matrix' })
    expect(recoverable).toEqual([])
  })
})
