import { describe, expect, it } from 'vitest'
// vega-datasets' package `exports` hide data/, hence the path into node_modules.
import moviesJson from '../../node_modules/vega-datasets/data/movies.json?raw'
import { buildDetailedCatalog, type VegaMovieRecord } from '../../scripts/catalog.mjs'
import catalog from '@/shared/demo-catalog/catalog.gen.json'
import type { DetailedCatalogMovie } from '@/shared/demo-catalog/catalog'
import type { MovieDetailWithParts, MovieListItem, Paged } from '@/shared/demo-catalog/db'
import { db, mockTmdbUrls } from '@/mocks/server'

// The shared mock TMDB (tests/setup.ts starts it), answering from the demo catalog.
const { apiUrl } = mockTmdbUrls

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${apiUrl}${path}`)
  expect(response.status).toBe(200)
  return (await response.json()) as T
}

const discover = (query: string) => getJson<Paged<MovieListItem>>(`/3/discover/movie?${query}`)
const search = (query: string) => getJson<Paged<MovieListItem>>(`/3/search/movie?${query}`)
const detail = (id: number, query = '') =>
  getJson<MovieDetailWithParts>(`/3/movie/${String(id)}?language=en-US${query}`)

/** Every page of a discover query, merged. */
async function discoverAll(query: string): Promise<MovieListItem[]> {
  const first = await discover(`${query}&page=1`)
  const rest = await Promise.all(
    Array.from({ length: first.total_pages - 1 }, (_, index) =>
      discover(`${query}&page=${String(index + 2)}`),
    ),
  )
  return [first, ...rest].flatMap((page) => page.results)
}

const byTitle = (title: string): DetailedCatalogMovie => {
  const movie = db.movies.find((candidate) => candidate.title === title)
  if (!movie) throw new Error(`${title} is not in the catalog`)
  return movie
}
const yearOf = (movie: { release_date: string }) => Number(movie.release_date.slice(0, 4))

describe('the detailed catalog from movies.json', () => {
  const records = JSON.parse(moviesJson) as VegaMovieRecord[]
  const built = buildDetailedCatalog(records)

  it('is what catalog.gen.json holds', () => {
    expect(built).toEqual(catalog)
  })

  it('carries the director, the MPAA rating, the budget and the worldwide gross', () => {
    const gump = built.find((movie) => movie.title === 'Forrest Gump')
    expect(gump).toMatchObject({
      director: 'Robert Zemeckis',
      certification: 'PG-13',
      budget: 55_000_000,
      revenue: 679_400_525,
    })
  })

  it('leaves out what the record does not have, and ratings that are not MPAA ones', () => {
    const unknown = built.filter((movie) => !movie.director)
    expect(unknown.length).toBeGreaterThan(0)
    for (const movie of built) {
      expect(['', 'G', 'PG', 'PG-13', 'R', 'NC-17']).toContain(movie.certification)
      expect(movie.budget).toBeGreaterThanOrEqual(0)
      expect(movie.revenue).toBeGreaterThanOrEqual(0)
    }
  })
})

describe('discover filters and sorts', () => {
  it('filters by genre and year, and orders by rating', async () => {
    const dramas1994 = await discoverAll(
      'with_genres=18&primary_release_year=1994&sort_by=vote_average.desc',
    )
    const expected = db.movies.filter(
      (movie) => movie.genre_ids.includes(18) && yearOf(movie) === 1994,
    )
    expect(dramas1994.map((movie) => movie.id).sort()).toEqual(
      expected.map((movie) => movie.id).sort(),
    )
    expect(dramas1994[0]?.title).toBe('The Shawshank Redemption')
    const ratings = dramas1994.map((movie) => movie.vote_average)
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a))
  })

  it('keeps films with few votes out with vote_count.gte', async () => {
    const rated = await discoverAll('sort_by=vote_average.desc&vote_count.gte=200')
    expect(rated.every((movie) => movie.vote_count >= 200)).toBe(true)
    expect(rated.length).toBe(db.movies.filter((movie) => movie.vote_count >= 200).length)
    const unfiltered = await discover('sort_by=vote_average.desc')
    expect(rated.length).toBeLessThan(unfiltered.total_results)
  })

  it('orders by release date, newest first, up to primary_release_date.lte', async () => {
    const newest = await discoverAll(
      'sort_by=primary_release_date.desc&primary_release_date.lte=2000-12-31',
    )
    const dates = newest.map((movie) => movie.release_date)
    expect(dates.every((date) => date !== '' && date <= '2000-12-31')).toBe(true)
    expect(dates).toEqual([...dates].sort().reverse())
    expect(newest.length).toBe(
      db.movies.filter((movie) => movie.release_date && movie.release_date <= '2000-12-31').length,
    )
  })

  it('orders by title', async () => {
    const { results } = await discover('sort_by=title.asc&with_genres=37')
    const titles = results.map((movie) => movie.title)
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en')))
  })

  it('reads several genres as all of them with commas and any of them with pipes', async () => {
    const both = await discoverAll('with_genres=18,36')
    expect(both.length).toBeGreaterThan(0)
    expect(
      both.every((movie) => movie.genre_ids.includes(18) && movie.genre_ids.includes(36)),
    ).toBe(true)
    const either = await discover('with_genres=27|37')
    expect(either.total_results).toBe(
      db.movies.filter((movie) => movie.genre_ids.some((id) => id === 27 || id === 37)).length,
    )
  })

  it('answers an unknown sort, an unreadable year and unknown parameters with the plain list', async () => {
    const plain = await discover('page=1')
    for (const query of ['sort_by=shoe_size.desc', 'primary_release_year=abc', 'with_cast=31']) {
      expect(await discover(`page=1&${query}`)).toEqual(plain)
    }
    expect(plain).toEqual(db.discover(1))
  })

  it('reports one empty page when nothing matches', async () => {
    expect(await discover('with_genres=18&primary_release_year=1900')).toEqual({
      page: 1,
      results: [],
      total_pages: 1,
      total_results: 0,
    })
  })
})

describe('search by year', () => {
  it('keeps the films of that year only', async () => {
    const all = await search('query=alien')
    expect(all.results.length).toBeGreaterThan(1)
    const of1979 = await search('query=alien&primary_release_year=1979')
    expect(of1979.results.map((movie) => movie.title)).toEqual(['Alien'])
  })
})

describe('detail with append_to_response', () => {
  it('answers only the parts asked for, and ignores unknown ones', async () => {
    const gump = byTitle('Forrest Gump')
    const plain = await detail(gump.id)
    expect(plain).toMatchObject({ budget: 55_000_000, revenue: 679_400_525 })
    expect(plain).not.toHaveProperty('credits')
    const some = await detail(gump.id, '&append_to_response=credits,keywords')
    expect(some.credits).toEqual({
      cast: [],
      crew: [
        {
          id: expect.any(Number) as number,
          name: 'Robert Zemeckis',
          job: 'Director',
          department: 'Directing',
        },
      ],
    })
    expect(some).not.toHaveProperty('keywords')
    expect(some).not.toHaveProperty('videos')
  })

  it('serves the certification, no videos and recommendations', async () => {
    const gump = byTitle('Forrest Gump')
    const full = await detail(
      gump.id,
      '&append_to_response=credits,videos,recommendations,release_dates,watch/providers',
    )
    expect(full.videos).toEqual({ results: [] })
    expect(full['watch/providers']).toEqual({ results: {} })
    expect(full.release_dates?.results[0]).toMatchObject({
      iso_3166_1: 'US',
      release_dates: [{ certification: 'PG-13', type: 3 }],
    })
    const recommended = full.recommendations?.results ?? []
    expect(recommended).toHaveLength(20)
    expect(recommended.map((movie) => movie.id)).not.toContain(gump.id)
    // Same director first, then films sharing genres.
    const zemeckis = db.movies.filter(
      (movie) => movie.director === 'Robert Zemeckis' && movie.id !== gump.id,
    )
    expect(
      recommended
        .slice(0, zemeckis.length)
        .map((movie) => movie.id)
        .sort(),
    ).toEqual(zemeckis.map((movie) => movie.id).sort())
    for (const movie of recommended.slice(zemeckis.length)) {
      expect(movie.genre_ids.some((id) => gump.genre_ids.includes(id))).toBe(true)
    }
  })

  it('recommends films with the most genres in common, nearest in rating first', () => {
    const movie = byTitle('The Shawshank Redemption')
    const recommended = db.recommend(movie.id)
    const fromOthers = recommended.filter(
      (other) => db.movies.find((m) => m.id === other.id)?.director !== movie.director,
    )
    const shared = fromOthers.map(
      (other) => other.genre_ids.filter((id) => movie.genre_ids.includes(id)).length,
    )
    expect(shared).toEqual([...shared].sort((a, b) => b - a))
    const distances = fromOthers
      .filter((_, index) => shared[index] === shared[0])
      .map((other) => Math.abs(other.vote_average - movie.vote_average))
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
  })
})
