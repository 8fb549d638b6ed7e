import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { readTmdbConfig, tmdbConfig } from '@/config/env'
import { parsePopularPage } from '@/features/movies/popular-page'
import { createTmdbClient, TmdbError } from '@/lib/tmdb'
import { discoverRequest, movieRequest, preloadRequest, searchRequest } from '@/lib/tmdb/requests'
import { landingRequest, preloadLandingRequests } from '@/preload-landing-requests'
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

describe('landingRequest', () => {
  const at = (url: string) => {
    const { pathname, search } = new URL(url, 'https://cinelist.example')
    return landingRequest({ pathname, search })
  }

  it('is the popular movies of the page in the URL on the home page', () => {
    expect(at('/')).toEqual(discoverRequest(1))
    expect(at('/?page=3')).toEqual(discoverRequest(3))
    expect(at('/?page=oops')).toEqual(discoverRequest(1))
    expect(at('/?page=9999')).toEqual(discoverRequest(1))
  })

  it("is a movie's details on its page, and nothing for an id that is not one", () => {
    expect(at('/movie/603')).toEqual(movieRequest(603))
    expect(at('/movie/603/')).toEqual(movieRequest(603))
    expect(at('/movie/abc')).toBeUndefined()
    expect(at('/movie/%E0%A4%A')).toBeUndefined()
    expect(at('/movie/99999999999')).toBeUndefined()
  })

  it('is the first page of a search, read as the router reads ?q=', () => {
    expect(at('/search?q=%20star%20')).toEqual(searchRequest('star', 1))
    expect(at('/search?q=1984')).toEqual(searchRequest('1984', 1))
    expect(at('/search?q=%221984%22')).toEqual(searchRequest('1984', 1))
    expect(at('/search')).toBeUndefined()
    expect(at('/search?q=%20%20')).toBeUndefined()
  })

  it('is nothing on pages without TMDB data', () => {
    for (const url of ['/login', '/register', '/favorites', '/no/such/page']) {
      expect(at(url)).toBeUndefined()
    }
  })
})

describe('preloadLandingRequests', () => {
  it("sends the landing page's request, which the client's call then uses", async () => {
    const pages = countDiscoverRequests()
    const client = createTmdbClient(tmdbConfig)
    preloadLandingRequests(tmdbConfig, { pathname: '/', search: '?page=3' })
    await expect(client.discoverMovies(3)).resolves.toMatchObject({ page: 3 })
    expect(pages).toEqual(['3'])
  })
})
