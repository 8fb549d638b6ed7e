import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { db, server } from '@/mocks/server'
import { renderRoute } from '../render-route'
import { recordTmdbRequests } from '../tmdb-requests'

const DETAIL = 'https://api.themoviedb.org/3/movie/:id'

function detailFact(label: string) {
  const term = screen.getByText(label, { selector: 'dt' })
  return term.nextElementSibling?.textContent
}

describe('Movie detail', () => {
  it('shows the title, w300 poster, overview, release date, rating and genres', async () => {
    const movie = db.movies.find((candidate) => candidate.genres.length > 1 && candidate.overview)
    if (!movie) throw new Error('catalog has no film with several genres')
    await renderRoute(`/movie/${String(movie.id)}`)
    expect(await screen.findByRole('heading', { level: 1, name: movie.title })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: movie.title })).toHaveAttribute(
      'src',
      `https://image.tmdb.org/t/p/w300${movie.poster_path}`,
    )
    expect(screen.getByText(movie.overview)).toBeInTheDocument()
    expect(detailFact('Release Date')).toBe(movie.release_date)
    expect(detailFact('Rating')).toBe(`${movie.vote_average.toFixed(1)} / 10`)
    expect(detailFact('Genres')).toBe(movie.genres.map((genre) => genre.name).join(', '))
    expect(document.title).toBe(`${movie.title} · CineList`)
  })

  it('falls back for every missing field and shows no poster', async () => {
    server.use(
      http.get(DETAIL, () =>
        HttpResponse.json({
          id: 42,
          title: null,
          overview: '',
          poster_path: null,
          release_date: '',
          vote_average: 0,
          genres: [],
        }),
      ),
    )
    await renderRoute('/movie/42')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Untitled Movie' }),
    ).toBeInTheDocument()
    expect(screen.getByText('No description available for this movie.')).toBeInTheDocument()
    expect(detailFact('Release Date')).toBe('Unknown')
    expect(detailFact('Rating')).toBe('Not rated')
    expect(detailFact('Genres')).toBe('Not specified')
    expect(within(screen.getByRole('article')).queryByRole('img')).not.toBeInTheDocument()
  })

  it('also falls back when the fields are absent altogether', async () => {
    server.use(http.get(DETAIL, () => HttpResponse.json({ id: 43 })))
    await renderRoute('/movie/43')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Untitled Movie' }),
    ).toBeInTheDocument()
    expect(detailFact('Genres')).toBe('Not specified')
  })

  it('shows Loading... while the request is under way', async () => {
    server.use(http.get(DETAIL, () => new Promise<never>(() => undefined)))
    void renderRoute('/movie/44')
    expect(await screen.findByText('Loading...')).toBeInTheDocument()
  })

  it('shows the failure message when TMDB fails, and recovers on Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let fail = true
    const movie = db.movies[0]
    if (!movie) throw new Error('empty catalog')
    server.use(
      http.get(DETAIL, () => {
        if (fail) return HttpResponse.json({ status_code: 34 }, { status: 404 })
        return undefined
      }),
    )
    const { user } = await renderRoute(`/movie/${String(movie.id)}`)
    expect(await screen.findByText('Failed to load movie details')).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { level: 1, name: movie.title })).toBeInTheDocument()
  })

  it('treats a non-numeric or absurd id as a page that does not exist, without asking TMDB', async () => {
    const requests = recordTmdbRequests('/movie/', (url) => url.href)
    for (const path of ['/movie/abc', '/movie/99999999999', '/movie/0', '/movie/1.5']) {
      const { unmount } = await renderRoute(path)
      expect(
        await screen.findByText('The page you’re looking for doesn’t seem to exist.'),
      ).toBeInTheDocument()
      unmount()
    }
    expect(requests).toEqual([])
  })
})
