import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { readTmdbConfig, tmdbConfig } from '@/config/env'
import { preloadLandingData } from '@/features/movies/api/preload-landing-data'
import { parsePopularPage } from '@/features/movies/popular-page'
import { createTmdbClient, TmdbError } from '@/lib/tmdb'
import { discoverRequest, preloadRequest } from '@/lib/tmdb/requests'
import { server } from '@/mocks/server'

const API = 'https://api.themoviedb.org'
const config = readTmdbConfig({ VITE_TMDB_TOKEN: 'token', VITE_TMDB_API_KEY: 'key' })
const paged = (page: number) => ({
  page,
  results: [{ id: page, title: `Page ${String(page)}` }],
  total_pages: 9,
})

/** Counts the discover requests that reach TMDB, answering each with its page. */
function countDiscoverRequests() {
  const pages: string[] = []
  server.use(
    http.get(`${API}/3/discover/movie`, ({ request }) => {
      const page = new URL(request.url).searchParams.get('page') ?? ''
      pages.push(page)
      return HttpResponse.json(paged(Number(page)))
    }),
  )
  return pages
}

describe('parsePopularPage', () => {
  it('reads the pages TMDB serves and sends anything else to page 1', () => {
    expect(parsePopularPage('3')).toBe(3)
    expect(parsePopularPage(500)).toBe(500)
    for (const raw of ['0', '501', '2.5', 'abc', '', null, undefined, true, {}]) {
      expect(parsePopularPage(raw)).toBe(1)
    }
  })
})

describe('a preloaded request', () => {
  it('is sent at once, with the credential, and serves the call that comes for it', async () => {
    const pages = countDiscoverRequests()
    const client = createTmdbClient(config)

    preloadRequest(config, discoverRequest(2))
    preloadRequest(config, discoverRequest(2))
    await vi.waitFor(() => {
      expect(pages).toEqual(['2'])
    })

    await expect(client.discoverMovies(2)).resolves.toMatchObject({ page: 2 })
    expect(pages).toEqual(['2'])
    // Used once: the next call for the same page asks TMDB again.
    await client.discoverMovies(2)
    expect(pages).toEqual(['2', '2'])
  })

  it('does not serve a call for another URL', async () => {
    const pages = countDiscoverRequests()
    const client = createTmdbClient(config)
    preloadRequest(config, discoverRequest(3))
    await expect(client.discoverMovies(1)).resolves.toMatchObject({ page: 1 })
    expect(pages.sort()).toEqual(['1', '3'])
    await expect(client.discoverMovies(3)).resolves.toMatchObject({ page: 3 })
    expect(pages).toHaveLength(2)
  })

  it('that failed reports the failure to its call like any request', async () => {
    server.use(http.get(`${API}/3/discover/movie`, () => HttpResponse.error()))
    const client = createTmdbClient(config)
    preloadRequest(config, discoverRequest(1))
    const failure = await client.discoverMovies(1).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(TmdbError)
    expect(failure).toMatchObject({ kind: 'network' })
  })

  it('still lets its call be cancelled', async () => {
    countDiscoverRequests()
    const client = createTmdbClient(config)
    preloadRequest(config, discoverRequest(1))
    const controller = new AbortController()
    controller.abort()
    await expect(client.discoverMovies(1, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    })
  })
})

describe('preloadLandingData', () => {
  it("requests the home page's popular movies, for the page in the URL", async () => {
    const pages = countDiscoverRequests()
    const client = createTmdbClient(tmdbConfig)
    preloadLandingData({ pathname: '/', search: '?page=3' })
    await expect(client.discoverMovies(3)).resolves.toMatchObject({ page: 3 })
    preloadLandingData({ pathname: '/', search: '?page=oops' })
    await expect(client.discoverMovies(1)).resolves.toMatchObject({ page: 1 })
    expect(pages).toEqual(['3', '1'])
  })

  it('leaves other pages to their route loaders', async () => {
    const pages = countDiscoverRequests()
    preloadLandingData({ pathname: '/search', search: '?q=star' })
    preloadLandingData({ pathname: '/movie/603', search: '' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(pages).toEqual([])
  })
})
