import { waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { readTmdbConfig } from '@/config/env'
import { parsePopularPage } from '@/features/movies/popular-page'
import { searchMovies } from '@/features/search/api/search-movies'
import { MOVIE_DETAIL_PARTS } from '@/features/movies/movie-detail-parts'
import { createTmdbClient, TmdbError } from '@/lib/tmdb'
import { discoverRequest, movieRequest, preloadRequest, searchRequest } from '@/lib/tmdb/requests'
import { leadPosterPath } from '@/app/first-page'
import { firstPage, prefetchFirstPage } from '@/app/prefetch-first-page'
import { server } from '@/mocks/server'

const API = 'https://api.themoviedb.org'
const config = readTmdbConfig({ VITE_TMDB_TOKEN: 'token', VITE_TMDB_API_KEY: 'key' })
const demoConfig = readTmdbConfig({})
const paged = (page: number) => ({
  page,
  results: [
    { id: page, title: `Page ${String(page)}`, poster_path: `/poster-${String(page)}.jpg` },
  ],
  total_pages: 9,
})

/** Counts the discover requests that reach TMDB, responding to each with its page. */
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
    await waitFor(() => {
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

  it('serves its call whole even when the look at it fails', async () => {
    const pages = countDiscoverRequests()
    preloadRequest(config, discoverRequest(4), {
      onResponse: async (copy) => {
        await copy.text()
        throw new Error('the look failed')
      },
    })
    await expect(createTmdbClient(config).discoverMovies(4)).resolves.toEqual(paged(4))
    expect(pages).toEqual(['4'])
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

describe('firstPage', () => {
  const at = (url: string) => {
    const { pathname, search } = new URL(url, 'https://cinelist.example')
    return firstPage({ pathname, search })
  }
  const requestAt = (url: string) => at(url)?.data?.request

  it('is the popular movies of the page in the URL on the home page', () => {
    expect(requestAt('/')).toEqual(discoverRequest(1))
    expect(requestAt('/?page=3')).toEqual(discoverRequest(3))
    expect(requestAt('/?page=oops')).toEqual(discoverRequest(1))
    expect(requestAt('/?page=9999')).toEqual(discoverRequest(1))
    expect(at('/')).toMatchObject({
      routeId: '/',
      data: { leadPoster: { of: 'first result', size: 'w300' } },
    })
  })

  it("is a movie's details on its page, and nothing for an id that is not one", () => {
    // With the parts the detail page shows, appended to the same request.
    expect(requestAt('/movie/603')).toEqual(movieRequest(603, MOVIE_DETAIL_PARTS))
    expect(requestAt('/movie/603/')).toEqual(movieRequest(603, MOVIE_DETAIL_PARTS))
    expect(at('/movie/603')).toMatchObject({
      routeId: '/movie/$movieId',
      data: { leadPoster: { of: 'movie', size: 'w300' } },
    })
    expect(at('/movie/abc')).toBeUndefined()
    expect(at('/movie/%E0%A4%A')).toBeUndefined()
    expect(at('/movie/99999999999')).toBeUndefined()
  })

  it('is the first page of a search, read as the router reads ?q=', () => {
    expect(requestAt('/search?q=%20star%20')).toEqual(searchRequest('star', 1))
    expect(requestAt('/search?q=1984')).toEqual(searchRequest('1984', 1))
    expect(requestAt('/search?q=%221984%22')).toEqual(searchRequest('1984', 1))
    expect(requestAt('/search?q=true%20lies')).toEqual(searchRequest('true lies', 1))
    expect(requestAt('/search?q=nullify')).toEqual(searchRequest('nullify', 1))
    expect(requestAt('/search?q=-7')).toEqual(searchRequest('-7', 1))
    expect(at('/search?q=star')).toMatchObject({
      routeId: '/search',
      data: { leadPoster: { of: 'first result', size: 'w200' } },
    })
    expect(at('/search')).toEqual({ routeId: '/search' })
    expect(at('/search/?q=%20%20')).toEqual({ routeId: '/search' })
  })

  it('is the route alone on pages without TMDB data, and nothing for unknown pages', () => {
    expect(at('/login')).toEqual({ routeId: '/login' })
    expect(at('/register/')).toEqual({ routeId: '/register' })
    expect(at('/favorites')).toEqual({ routeId: '/_authenticated/favorites' })
    for (const url of ['/no/such/page', '/movie', '/login/again']) {
      expect(at(url)).toBeUndefined()
    }
  })
})

describe('leadPosterPath', () => {
  it("is a list's first poster, or a movie's", () => {
    expect(leadPosterPath(paged(4), 'first result')).toBe('/poster-4.jpg')
    expect(leadPosterPath({ id: 1, poster_path: '/m.jpg' }, 'movie')).toBe('/m.jpg')
  })

  it('is nothing when there is no poster or the body is not what TMDB sends', () => {
    for (const body of [
      { page: 1, results: [], total_pages: 0 },
      { results: [{ id: 1, poster_path: null }] },
      { results: [{ id: 1, poster_path: '' }] },
      { results: 'oops' },
      'oops',
      null,
    ]) {
      expect(leadPosterPath(body, 'first result')).toBeUndefined()
      expect(leadPosterPath(body, 'movie')).toBeUndefined()
    }
  })
})

describe('prefetchFirstPage', () => {
  const preloads = (selector: string) =>
    Array.from(document.head.querySelectorAll<HTMLLinkElement>(selector))
  const posterPreloads = () => preloads('link[rel="preload"][as="image"]')
  const modulePreloads = () => preloads('link[rel="modulepreload"]')

  /** index.html as the build writes it: build/route-chunks.ts. */
  function listRouteChunks(text: string) {
    const list = document.createElement('script')
    list.type = 'application/json'
    list.id = 'route-chunks'
    list.textContent = text
    document.body.append(list)
  }

  afterEach(() => {
    for (const element of document.querySelectorAll('link, #route-chunks')) element.remove()
  })

  it("fetches the first page's route code from the list the build wrote", () => {
    listRouteChunks(
      JSON.stringify({
        '/login': ['/assets/login-1.js', '/assets/account-form-2.js'],
        '/search': ['/assets/search-3.js'],
      }),
    )
    prefetchFirstPage(demoConfig, { pathname: '/login', search: '' })
    expect(modulePreloads().map((link) => link.getAttribute('href'))).toEqual([
      '/assets/login-1.js',
      '/assets/account-form-2.js',
    ])
    expect(modulePreloads().every((link) => link.hasAttribute('crossorigin'))).toBe(true)
  })

  it('fetches no route code without a list (the dev server) or with one it cannot read', () => {
    prefetchFirstPage(demoConfig, { pathname: '/login', search: '' })
    listRouteChunks('{"/login": ["/assets/lo')
    prefetchFirstPage(demoConfig, { pathname: '/login', search: '' })
    expect(modulePreloads()).toEqual([])
  })

  it('sends no TMDB request in demo mode, where the mock TMDB starts first', () => {
    countDiscoverRequests()
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    prefetchFirstPage(demoConfig, { pathname: '/', search: '?page=5' })
    expect(fetchSpy).not.toHaveBeenCalled()
    // With a credential, the same page's request leaves at once.
    prefetchFirstPage(config, { pathname: '/', search: '?page=5' })
    expect(fetchSpy).toHaveBeenCalledTimes(1)
  })

  it("sends the first page's request, which the client's call then uses", async () => {
    const pages = countDiscoverRequests()
    const client = createTmdbClient(config)
    prefetchFirstPage(config, { pathname: '/', search: '?page=3' })
    await expect(client.discoverMovies(3)).resolves.toMatchObject({ page: 3 })
    expect(pages).toEqual(['3'])
  })

  it('fetches the lead poster, first of all, as soon as the response names it', async () => {
    countDiscoverRequests()
    prefetchFirstPage(config, { pathname: '/', search: '?page=7' })
    await waitFor(() => {
      expect(posterPreloads()).toHaveLength(1)
    })
    const [link] = posterPreloads()
    expect(link?.href).toBe(`${config.imageUrl}/w300/poster-7.jpg`)
    expect(link?.getAttribute('fetchpriority')).toBe('high')
    // The response is still whole for the call that takes it.
    await expect(createTmdbClient(config).discoverMovies(7)).resolves.toEqual(paged(7))
  })

  it('fetches no poster when TMDB responds with an error', async () => {
    server.use(
      http.get(`${API}/3/movie/:id`, () =>
        HttpResponse.json({ poster_path: '/error.jpg' }, { status: 500 }),
      ),
    )
    prefetchFirstPage(config, { pathname: '/movie/11', search: '' })
    const failure = await createTmdbClient(config)
      .getMovie(11)
      .catch((error: unknown) => error)
    expect(failure).toMatchObject({ kind: 'http', status: 500 })
    expect(posterPreloads()).toEqual([])
  })

  it("sends a search's other pages with its first, each used once by the search", async () => {
    const requested: string[] = []
    server.use(
      http.get(`${API}/3/search/movie`, ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'))
        requested.push(String(page))
        return HttpResponse.json({
          page,
          results: [{ id: page, title: `Dune, part ${String(page)}` }],
          total_pages: 3,
        })
      }),
    )
    prefetchFirstPage(config, { pathname: '/search', search: '?q=dune' })
    // The client takes page 1 only once the entry has sent pages 2 and 3.
    const movies = await searchMovies('dune', { client: createTmdbClient(config) })
    expect(movies.map((movie) => movie.id)).toEqual([1, 2, 3])
    expect(requested.sort()).toEqual(['1', '2', '3'])
  })
})
