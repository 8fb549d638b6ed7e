import type { Page, Request, Route } from '@playwright/test'
import { getResponse, type HttpHandler } from 'msw'
import catalog from '../../../src/mocks/catalog.gen.json' with { type: 'json' }
import { createMovieDb } from '../../../src/mocks/db'
import { createTmdbHandlers, TMDB_ERRORS } from '../../../src/mocks/handlers'

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

/** The app's own mock TMDB (src/mocks/handlers.ts), at TMDB's real URLs. */
const mockHandlers = createTmdbHandlers(db, {
  apiUrl: API_ORIGIN,
  imageUrl: `${IMAGE_ORIGIN}/t/p`,
})

/**
 * Answers a request with what `handlers` respond, as MSW does in the demo build; false when no
 * handler answers it.
 */
async function answerWith(route: Route, handlers: readonly HttpHandler[]): Promise<boolean> {
  const request = route.request()
  const response = await getResponse(
    [...handlers],
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
}

const answerFromMock = async (route: Route) => {
  if (!(await answerWith(route, mockHandlers))) {
    await route.fulfill({ status: 404, json: TMDB_ERRORS.notFound.body })
  }
}

/**
 * Answers TMDB's API and image host for a credentialed build with the same MSW handlers that
 * serve the demo and the unit tests. Returns the list of API requests seen, for assertions on
 * their shape; `override` may answer a request itself (a fault, say).
 */
export async function routeTmdb(page: Page, override?: TmdbOverride): Promise<Request[]> {
  const requests: Request[] = []
  await page.route(`${API_ORIGIN}/**`, async (route) => {
    requests.push(route.request())
    const url = new URL(route.request().url())
    const call = callOf(url)
    if (call && override && (await override(route, call, url))) return
    await answerFromMock(route)
  })
  await page.route(`${IMAGE_ORIGIN}/**`, answerFromMock)
  return requests
}

/**
 * Like routeTmdb, with `scenarios` (src/mocks/scenarios.ts) in front of the mock's handlers.
 * Returns the API requests seen.
 */
export function serveTmdb(page: Page, ...scenarios: HttpHandler[]): Promise<Request[]> {
  return routeTmdb(page, (route) => answerWith(route, [...scenarios, ...mockHandlers]))
}
