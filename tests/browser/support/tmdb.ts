import type { BrowserContext, Page, Request, Route } from '@playwright/test'
import { getResponse, type HttpHandler } from 'msw'
import catalog from '../../../src/shared/demo-catalog/catalog.gen.json' with { type: 'json' }
import { createMovieDb } from '../../../src/shared/demo-catalog/db'
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

/** The API requests of one kind among those seen. */
export const callsOf = (requests: readonly Request[], call: TmdbCall) =>
  requests.filter((request) => callOf(new URL(request.url())) === call)

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

async function answer(route: Route, handlers: readonly HttpHandler[]) {
  if (!(await answerWith(route, handlers))) {
    await route.fulfill({ status: 404, json: TMDB_ERRORS.notFound.body })
  }
}

/** TMDB as a credentialed build meets it in a test. */
export interface Tmdb {
  /** The API requests seen so far, in the order they were sent. */
  readonly requests: Request[]
  /**
   * Puts these handlers (tmdbScenario's, or any MSW handler) in front of those given before, for
   * the rest of the test, as `server.use` does in Vitest.
   */
  use: (...handlers: HttpHandler[]) => void
}

/**
 * Answers TMDB's API and image host, for every page of `target`, with the same MSW handlers that
 * serve the demo and the unit tests, behind `scenarios` (src/mocks/scenarios.ts).
 */
export async function serveTmdb(
  target: Page | BrowserContext,
  ...scenarios: HttpHandler[]
): Promise<Tmdb> {
  const handlers = [...scenarios]
  const requests: Request[] = []
  await target.route(`${API_ORIGIN}/**`, (route) => {
    requests.push(route.request())
    return answer(route, [...handlers, ...mockHandlers])
  })
  await target.route(`${IMAGE_ORIGIN}/**`, (route) => answer(route, mockHandlers))
  return {
    requests,
    use: (...more) => {
      handlers.unshift(...more)
    },
  }
}
