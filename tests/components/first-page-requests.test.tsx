import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { tmdbConfig } from '@/config/env'
import { buildRequest } from '@/lib/tmdb/requests'
import { db, server } from '@/mocks/server'
import { firstPage } from '@/app/prefetch-first-page'
import { createAppRouter } from '@/router'
import { createQueryClient } from '@/lib/query-client'
import { createTmdbClient } from '@/lib/tmdb'
import { renderRoute } from '../render-route'

/** The TMDB URLs the app asks for while rendering `path`. */
async function requestsOf(path: string, ready: () => Promise<unknown>): Promise<string[]> {
  const urls: string[] = []
  const record = ({ request }: { request: Request }) => {
    if (request.url.includes('/3/')) urls.push(request.url)
  }
  server.events.on('request:start', record)
  try {
    await renderRoute(path)
    await ready()
  } finally {
    server.events.removeListener('request:start', record)
  }
  return urls
}

/** The request the entry sends ahead for a first page URL. */
function preloadedUrl(path: string): string | undefined {
  const { pathname, search } = new URL(path, 'https://cinelist.example')
  const request = firstPage({ pathname, search })?.data?.request
  return request && buildRequest(tmdbConfig, request).url
}

const gridReady = () => screen.findAllByRole('article')

describe("the entry's preload asks for exactly what the route asks for", () => {
  it.each([
    '/',
    '/?page=2',
    '/?genre=18',
    '/?genre=18&year=1994&sort=rating',
    '/?year=1994&sort=newest&page=2',
    '/?sort=title',
    '/?sort=popularity&genre=oops&year=1800',
    '/?genre=18&genre=35',
  ])('on %s', async (path) => {
    const urls = await requestsOf(path, gridReady)
    expect(urls).toHaveLength(1)
    expect(urls[0]).toBe(preloadedUrl(path))
  })

  it('on a search with a year', async () => {
    const path = '/search?q=alien&year=1979'
    const urls = await requestsOf(path, () => screen.findByRole('link', { name: 'Alien' }))
    expect(urls[0]).toBe(preloadedUrl(path))
    expect(new URL(urls[0] ?? '').searchParams.get('primary_release_year')).toBe('1979')
  })

  it('on a detail page, with its appended parts', async () => {
    const movie = db.movies[0]
    if (!movie) throw new Error('empty catalog')
    const path = `/movie/${String(movie.id)}`
    const urls = await requestsOf(path, () =>
      screen.findByRole('heading', { level: 1, name: movie.title }),
    )
    expect(urls).toEqual([preloadedUrl(path)])
    expect(new URL(urls[0] ?? '').searchParams.get('append_to_response')).toBe(
      'credits,videos,recommendations,release_dates,watch/providers',
    )
  })
})

describe("the entry's preload names the route the router shows", () => {
  const router = createAppRouter({
    queryClient: createQueryClient(),
    tmdb: createTmdbClient(tmdbConfig),
  })

  it.each([
    ['/', '/'],
    ['/?genre=18', '/'],
    ['/search', '/search'],
    ['/search?q=alien', '/search'],
    ['/movie/603', '/movie/$movieId'],
    ['/movie/603/', '/movie/$movieId'],
    ['/login', '/login'],
    ['/register', '/register'],
    ['/favorites', '/_authenticated/favorites'],
    ['/watchlist', '/_authenticated/watchlist'],
    ['/seen', '/_authenticated/seen'],
  ])('on %s: %s', (path, routeId) => {
    const { pathname, search } = new URL(path, 'https://cinelist.example')
    const [, , foundRoute] = router.getMatchedRoutes(pathname)
    expect(foundRoute?.id).toBe(routeId)
    expect(firstPage({ pathname, search })?.routeId).toBe(routeId)
  })

  it('on pages without TMDB data, which it sends no request for', () => {
    for (const path of ['/login', '/register', '/favorites', '/watchlist', '/seen', '/search']) {
      expect(firstPage({ pathname: path, search: '' })?.data).toBeUndefined()
    }
  })
})
