/**
 * The demo catalog as the proxy's upstream, answered by the same MSW handlers that serve the
 * browser's demo mode and the tests, called in-process: the page then needs neither the mock
 * worker nor the catalog. Loaded only when the server runs without a credential.
 */
import { getResponse } from 'msw'
import catalog from '../../src/mocks/catalog.gen.json'
import { createMovieDb } from '../../src/mocks/db'
import { createTmdbHandlers } from '../../src/mocks/handlers'
import type { Upstream } from './upstream'

/** The handlers answer at TMDB's URLs; these stand in for them and are never fetched. */
const API_URL = 'https://api.themoviedb.org'
const IMAGE_URL = 'https://image.tmdb.org/t/p'

export interface DemoUpstream {
  api: Upstream
  /** A demo poster, by the part of its URL after the image base ("/w300/123.svg"). */
  image: (path: string) => Promise<Response | undefined>
}

export function createDemoUpstream(): DemoUpstream {
  const handlers = createTmdbHandlers(createMovieDb(catalog), {
    apiUrl: API_URL,
    imageUrl: IMAGE_URL,
  })
  const answer = async (url: string, signal?: AbortSignal) =>
    getResponse(handlers, new Request(url, signal ? { signal } : {}))
  return {
    api: async (pathAndQuery, signal) =>
      (await answer(`${API_URL}${pathAndQuery}`, signal)) ??
      Response.json(
        {
          success: false,
          status_code: 34,
          status_message: 'The resource you requested could not be found.',
        },
        { status: 404 },
      ),
    image: (path) => answer(`${IMAGE_URL}${path}`),
  }
}
