import type { Page, Request, Route } from '@playwright/test'
import { getResponse, type HttpHandler } from 'msw'
import catalog from '../../../src/mocks/catalog.gen.json' with { type: 'json' }
import { createMovieDb } from '../../../src/mocks/db'
import { createTmdbHandlers, TMDB_ERRORS } from '../../../src/mocks/handlers'
import { renderPosterSvg } from '../../../src/mocks/poster-svg'

/** The demo catalog, for picking real ids and titles in assertions. */
export const db = createMovieDb(catalog)

export const API_ORIGIN = 'https://api.themoviedb.org'
export const IMAGE_ORIGIN = 'https://image.tmdb.org'

export type TmdbCall = 'discover' | 'search' | 'detail'

export function callOf(url: URL): TmdbCall | undefined {
  if (url.pathname === '/3/discover/movie') return 'discover'
  if (url.pathname === '/3/search/movie') return 'search'
  if (/^\/3\/movie\/[^/]+$/.test(url.pathname)) return 'detail'
  return undefined
}

/** Return true when the override answered the request itself. */
export type TmdbOverride = (route: Route, call: TmdbCall, url: URL) => Promise<boolean> | boolean

/**
 * Answers TMDB's API and image host from the demo catalog, as the real service would, for a
 * credentialed build. Returns the list of API requests seen, for assertions on their shape.
 */
export async function routeTmdb(page: Page, override?: TmdbOverride): Promise<Request[]> {
  const requests: Request[] = []
  await page.route(`${API_ORIGIN}/**`, async (route) => {
    requests.push(route.request())
    const url = new URL(route.request().url())
    const call = callOf(url)
    if (!call) return route.fulfill({ status: 404, json: TMDB_ERRORS.notFound.body })
    if (override && (await override(route, call, url))) return
    const pageNumber = Number(url.searchParams.get('page') ?? '1')
    if (call === 'discover') return route.fulfill({ json: db.discover(pageNumber) })
    if (call === 'search') {
      return route.fulfill({ json: db.search(url.searchParams.get('query') ?? '', pageNumber) })
    }
    const movie = db.find(Number(url.pathname.split('/').pop()))
    return movie
      ? route.fulfill({ json: movie })
      : route.fulfill({ status: 404, json: TMDB_ERRORS.notFound.body })
  })
  await page.route(`${IMAGE_ORIGIN}/**`, (route) => {
    const id = Number(/(\d+)\.svg$/.exec(route.request().url())?.[1])
    const movie = db.movies.find((candidate) => candidate.id === id)
    return movie
      ? route.fulfill({ contentType: 'image/svg+xml', body: renderPosterSvg(movie) })
      : route.fulfill({ status: 404, body: '' })
  })
  return requests
}

/**
 * Answers TMDB's API through the demo's own MSW handlers, as the mock worker does, with
 * `scenarios` (src/mocks/scenarios.ts) in front of them: every parameter the app sends is
 * served as in demo mode. Images are served as by routeTmdb. Returns the API requests seen.
 */
export async function serveTmdb(page: Page, ...scenarios: HttpHandler[]): Promise<Request[]> {
  const handlers = [
    ...scenarios,
    ...createTmdbHandlers(db, { apiUrl: API_ORIGIN, imageUrl: `${IMAGE_ORIGIN}/t/p` }),
  ]
  const requests = await routeTmdb(page, async (route) => {
    const request = route.request()
    const response = await getResponse(
      handlers,
      new Request(request.url(), { method: request.method(), headers: request.headers() }),
    )
    if (!response) return false
    // HttpResponse.error(): the request fails as with no network.
    if (response.type === 'error') {
      await route.abort('failed')
      return true
    }
    await route.fulfill({
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: Buffer.from(await response.arrayBuffer()),
    })
    return true
  })
  return requests
}
