import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { db, server } from '@/mocks/server'
import { tmdbScenario } from '@/mocks/scenarios'
import { linkTexts } from '../queries'
import { renderRoute } from '../render-route'
import { darkKnightDetail } from '../tmdb-bodies'

function detailFact(label: string) {
  const term = screen.queryByText(label, { selector: 'dt' })
  return term?.nextElementSibling?.textContent
}

describe('Movie detail extras', () => {
  it('shows runtime, directors, certification, budget, revenue, trailer, cast and recommendations', async () => {
    server.use(tmdbScenario.respond('movie', darkKnightDetail))
    await renderRoute('/movie/155')
    await screen.findByRole('heading', { level: 1, name: 'The Dark Knight' })
    expect(detailFact('Runtime')).toBe('2h 32m')
    expect(detailFact('Director')).toBe('Christopher Nolan, Second Director')
    expect(detailFact('Certification')).toBe('PG-13')
    expect(detailFact('Budget')).toBe('$185,000,000')
    expect(detailFact('Revenue')).toBe('$1,004,558,444')

    const trailer = screen.getByRole('link', { name: /^Watch trailer/ })
    expect(trailer).toHaveAttribute('href', 'https://www.youtube.com/watch?v=EXeTwQWrcwY')
    expect(trailer).toHaveAttribute('target', '_blank')
    expect(trailer).toHaveAttribute('rel', 'noopener noreferrer')

    const cast = screen.getByRole('region', { name: 'Cast' })
    const actors = within(cast).getAllByRole('listitem')
    expect(actors).toHaveLength(10)
    expect(actors[0]).toHaveTextContent('Actor 12 as Role 12')
    expect(actors[9]).toHaveTextContent('Actor 3 as Role 3')

    const more = screen.getByRole('region', { name: 'More like this' })
    const links = within(more).getAllByRole('link')
    expect(links).toHaveLength(10)
    expect(links[0]).toHaveAttribute('href', '/movie/1000')
    expect(links[0]).toHaveTextContent('Recommended 1')
    // Decorative posters (the link names the film), the placeholder when TMDB has none.
    expect(more.querySelector('img')).toHaveAttribute('src', '/placeholder-poster.svg')
    // The facts of behaviour §2 are unchanged.
    expect(detailFact('Genres')).toBe('Drama')
    expect(detailFact('Rating')).toBe('8.5 / 10')
  })

  it('leaves out every section TMDB has nothing for, never "0 min" or "undefined"', async () => {
    server.use(
      tmdbScenario.respond('movie', {
        id: 7,
        title: 'Sparse',
        runtime: 0,
        budget: 0,
        revenue: 0,
        credits: { cast: [], crew: [{ name: 'Someone', job: 'Writer' }] },
        videos: { results: [{ key: 'x', site: 'YouTube', type: 'Clip', official: true }] },
        release_dates: { results: [{ iso_3166_1: 'US', release_dates: [{ certification: '' }] }] },
        recommendations: { page: 1, results: [], total_pages: 0 },
      }),
    )
    await renderRoute('/movie/7')
    await screen.findByRole('heading', { level: 1, name: 'Sparse' })
    for (const label of ['Runtime', 'Director', 'Certification', 'Budget', 'Revenue']) {
      expect(detailFact(label)).toBeUndefined()
    }
    expect(screen.queryByRole('link', { name: /Watch trailer/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Cast' })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'More like this' })).not.toBeInTheDocument()
    expect(document.body.textContent).not.toMatch(/undefined|NaN|0 min/)
  })

  it('shows the rest of the page when an appended part is malformed', async () => {
    server.use(
      tmdbScenario.respond('movie', {
        id: 8,
        title: 'Half broken',
        runtime: 95,
        credits: 'not credits',
        videos: { results: 'nope' },
        recommendations: null,
      }),
    )
    await renderRoute('/movie/8')
    await screen.findByRole('heading', { level: 1, name: 'Half broken' })
    expect(detailFact('Runtime')).toBe('1h 35m')
    expect(detailFact('Director')).toBeUndefined()
  })

  it('in the demo catalog: runtime, director, certification, money and films like it', async () => {
    const movie = db.movies.find(
      (candidate) =>
        candidate.runtime > 0 && candidate.director && candidate.certification && candidate.budget,
    )
    if (!movie) throw new Error('no film with every fact')
    const { user } = await renderRoute(`/movie/${String(movie.id)}`)
    await screen.findByRole('heading', { level: 1, name: movie.title })
    expect(detailFact('Director')).toBe(movie.director)
    expect(detailFact('Certification')).toBe(movie.certification)
    expect(detailFact('Budget')).toBe(`$${(movie.budget ?? 0).toLocaleString('en-US')}`)
    // The data set has no cast and no videos: those sections do not show.
    expect(screen.queryByRole('region', { name: 'Cast' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Watch trailer/ })).not.toBeInTheDocument()

    const recommended = db.recommend(movie.id).slice(0, 10)
    const more = screen.getByRole('region', { name: 'More like this' })
    expect(linkTexts(more)).toEqual(recommended.map((item) => item.title))
    const links = within(more).getAllByRole('link')

    await user.click(links[0] as HTMLElement)
    expect(
      await screen.findByRole('heading', { level: 1, name: recommended[0]?.title }),
    ).toBeInTheDocument()
  })
})
