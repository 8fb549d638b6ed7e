import { describe, expect, it } from 'vitest'
import type { MovieListItem, Paged } from '@/shared/demo-catalog/db'
import { TMDB_ERRORS } from '@/mocks/handlers'
import { db, mockTmdbUrls } from '@/mocks/server'

// The shared mock TMDB (tests/setup.ts starts it), answering from the demo catalog.
const { apiUrl, imageUrl } = mockTmdbUrls

async function getJson(path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${apiUrl}${path}`)
  return { status: response.status, body: await response.json() }
}

async function getPaged(path: string): Promise<{ status: number; body: Paged<MovieListItem> }> {
  const { status, body } = await getJson(path)
  return { status, body: body as Paged<MovieListItem> }
}

const discover = (query: string) => getPaged(`/3/discover/movie${query}`)
const search = (query: string) => getPaged(`/3/search/movie${query}`)
const titlesOf = (page: Paged<MovieListItem>) => page.results.map((movie) => movie.title)

describe('GET /3/discover/movie', () => {
  it('pages through the catalog by popularity, 20 at a time', async () => {
    const totalPages = Math.ceil(db.movies.length / 20)
    const first = await discover('?page=1&sort_by=popularity.desc&include_adult=false')
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ page: 1, total_pages: totalPages })
    expect(first.body.total_results).toBe(db.movies.length)
    expect(first.body.results.map((movie) => movie.id)).toEqual(
      db.movies.slice(0, 20).map((movie) => movie.id),
    )

    const second = await discover('?page=2')
    expect(second.body.results[0]?.id).toBe(db.movies[20]?.id)

    const last = await discover(`?page=${String(totalPages)}`)
    expect(last.body.results).toHaveLength(db.movies.length - (totalPages - 1) * 20)
  })

  it('defaults to page 1 and returns list items without details', async () => {
    const { body } = await discover('')
    expect(body.page).toBe(1)
    const item = body.results[0]
    expect(item).toMatchObject({ backdrop_path: null, adult: false, video: false })
    expect(item).toHaveProperty('genre_ids')
    expect(item).not.toHaveProperty('genres')
  })

  it('answers an empty page after the last one', async () => {
    const { status, body } = await discover('?page=500')
    expect(status).toBe(200)
    expect(body.results).toEqual([])
  })

  it.each(['0', '501', 'abc', '1.5', '-1'])('rejects page=%s with status_code 22', async (page) => {
    const { status, body } = await discover(`?page=${page}`)
    expect(status).toBe(400)
    expect(body).toEqual(TMDB_ERRORS.invalidPage.body)
  })
})

describe('GET /3/search/movie', () => {
  it('ranks exact titles, then prefixes, then whole words, then substrings', async () => {
    const { body } = await search('?query=alien&page=1')
    expect(titlesOf(body)).toEqual([
      'Alien',
      // prefixes, by popularity
      ...['Alien³', 'Alien: Resurrection', 'Aliens'].sort(byPopularityOfTitle),
      // whole word
      ...['AVP: Alien Vs. Predator', 'My Stepmother Is an Alien'].sort(byPopularityOfTitle),
      // substring
      ...['Monsters vs. Aliens', 'How to Lose Friends & Alienate People'].sort(byPopularityOfTitle),
    ])
  })

  it('puts an exact title first even when a prefix match is more popular', async () => {
    const { body } = await search('?query=rocky')
    const [first, second] = body.results
    expect(first?.title).toBe('Rocky')
    expect(second?.title).toBe('Rocky Balboa')
    expect(second?.popularity).toBeGreaterThan(first?.popularity ?? Infinity)
  })

  it('ignores case and accents', async () => {
    for (const query of ['leon', 'LÉON', 'Léon', '  léon  ']) {
      const { body } = await search(`?query=${encodeURIComponent(query)}`)
      expect(titlesOf(body)[0]).toBe('Léon')
    }
  })

  it.each(['', '?query=', '?query=%20%20'])(
    'answers a missing or blank query (%s) with an empty first page',
    async (query) => {
      const { status, body } = await search(query)
      expect(status).toBe(200)
      expect(body).toEqual({ page: 1, results: [], total_pages: 1, total_results: 0 })
    },
  )

  it('reports one empty page when nothing matches', async () => {
    const { body } = await search('?query=zzzzqqqq')
    expect(body).toEqual({ page: 1, results: [], total_pages: 1, total_results: 0 })
  })

  it('pages results and validates the page', async () => {
    const first = await search('?query=the&page=1')
    expect(first.body.results).toHaveLength(20)
    expect(first.body.total_pages).toBe(Math.ceil(first.body.total_results / 20))
    const second = await search('?query=the&page=2')
    expect(second.body.results[0]?.id).not.toBe(first.body.results[0]?.id)

    const invalid = await search('?query=the&page=0')
    expect(invalid.status).toBe(400)
    expect(invalid.body).toEqual(TMDB_ERRORS.invalidPage.body)
  })
})

describe('GET /3/movie/:id', () => {
  it('returns the detail shape for a known id', async () => {
    const movie = db.movies[0]
    if (!movie) throw new Error('empty catalog')
    const { status, body } = await getJson(`/3/movie/${String(movie.id)}?language=en-US`)
    expect(status).toBe(200)
    expect(body).toEqual(db.find(movie.id))
    expect(body).toMatchObject({
      id: movie.id,
      title: movie.title,
      overview: movie.overview,
      release_date: movie.release_date,
      genres: movie.genres,
      runtime: movie.runtime,
      status: 'Released',
    })
    expect(body).not.toHaveProperty('genre_ids')
  })

  it.each(['abc', '12abc', '0', '999999999'])(
    'answers id %s with 404 status_code 34',
    async (id) => {
      const { status, body } = await getJson(`/3/movie/${id}`)
      expect(status).toBe(404)
      expect(body).toEqual(TMDB_ERRORS.notFound.body)
    },
  )
})

describe('image host', () => {
  it.each(['w200', 'w300', 'original'])('serves a known poster at %s as SVG', async (size) => {
    const movie = db.movies[0]
    const response = await fetch(`${imageUrl}/${size}${movie?.poster_path ?? ''}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    expect(response.headers.get('cache-control')).toContain('max-age=')
    const svg = await response.text()
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 300 450"/)
    expect(svg).toContain(`<title>${movie?.title ?? ''}</title>`)
  })

  it('answers unknown posters, files and sizes with 404', async () => {
    const id = String(db.movies[0]?.id)
    for (const path of ['/w300/1.svg', '/w300/abc.svg', `/w300/${id}.jpg`, `/huge/${id}.svg`]) {
      const response = await fetch(`${imageUrl}${path}`)
      expect(response.status, path).toBe(404)
    }
  })
})

function byPopularityOfTitle(a: string, b: string): number {
  const popularity = (title: string) =>
    db.movies.find((movie) => movie.title === title)?.popularity ?? 0
  return popularity(b) - popularity(a)
}
