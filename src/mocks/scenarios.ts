/**
 * Scenarios for tests: MSW handlers that change how one TMDB endpoint answers, placed in front
 * of the demo catalog's handlers. Each returns a handler to pass to `server.use(...)` (Vitest,
 * with src/mocks/server.ts) or to any list of MSW handlers (a Playwright route, a Node server);
 * the handlers the test setup resets are gone after each test.
 *
 *   server.use(tmdbScenario.fail('search', TMDB_ERRORS.notFound))   // status + TMDB's body
 *   server.use(tmdbScenario.fail('discover', { status: 503, retryAfter: 2 }))
 *   server.use(tmdbScenario.networkError('movie'))
 *   server.use(tmdbScenario.delay('movie', 'forever'))              // stays 'Loading...'
 *   server.use(tmdbScenario.respond('movie', { id: 7, title: 'Fixture' }))
 *
 * Every scenario takes `when` (which requests it applies to, e.g. only page 2) and `once`.
 * A scenario that does not apply lets the request through to the demo catalog.
 */
import { delay, http, HttpResponse, type HttpHandler, type JsonBodyType } from 'msw'
import type { TmdbError } from './handlers'

/** TMDB's endpoints, by the name the scenarios use. */
export const TMDB_ENDPOINTS = {
  discover: '/3/discover/movie',
  search: '/3/search/movie',
  movie: '/3/movie/:id',
} as const

export type TmdbEndpoint = keyof typeof TMDB_ENDPOINTS

export interface ScenarioOptions {
  /** Only requests whose URL passes apply, e.g. `(url) => url.searchParams.get('page') === '2'`. */
  when?: (url: URL) => boolean
  /** Apply to the first matching request only. */
  once?: boolean
  /** The API origin the app calls; TMDB's by default, as in the tests. */
  apiUrl?: string
}

export interface FailureOptions {
  status: number
  /** The response body; TMDB's own error shape by default. */
  body?: JsonBodyType
  /** Seconds, sent as a Retry-After header (429 and 503). */
  retryAfter?: number
}

const DEFAULT_API_URL = 'https://api.themoviedb.org'

/** TMDB's error body for statuses without a specific one in TMDB_ERRORS. */
const genericErrorBody = (status: number) => ({
  success: false,
  status_code: status === 401 ? 7 : status === 429 ? 25 : 11,
  status_message:
    status === 401
      ? 'Invalid API key: You must be granted a valid key.'
      : status === 429
        ? 'Your request count is over the allowed limit.'
        : 'Internal error: Something went wrong, contact TMDB.',
})

type Answer = (request: Request) => Response | Promise<Response> | undefined | Promise<undefined>

function scenario(endpoint: TmdbEndpoint, answer: Answer, options: ScenarioOptions): HttpHandler {
  const { when, once = false, apiUrl = DEFAULT_API_URL } = options
  // Counted here rather than with MSW's own `once`, which would also count requests `when`
  // turned away.
  let used = false
  return http.get(`${apiUrl}${TMDB_ENDPOINTS[endpoint]}`, ({ request }) => {
    if ((once && used) || (when && !when(new URL(request.url)))) return undefined
    used = true
    return answer(request)
  })
}

export const tmdbScenario = {
  /**
   * Answers with an HTTP error: a TMDB_ERRORS entry as it is, or a status with TMDB's error
   * body (or `body`) and an optional Retry-After.
   */
  fail(
    endpoint: TmdbEndpoint,
    failure: TmdbError | FailureOptions,
    options: ScenarioOptions = {},
  ): HttpHandler {
    const { status, body = genericErrorBody(status) } = failure
    const retryAfter = 'retryAfter' in failure ? failure.retryAfter : undefined
    const headers = retryAfter === undefined ? undefined : { 'Retry-After': String(retryAfter) }
    return scenario(endpoint, () => HttpResponse.json(body, { status, headers }), options)
  },

  /** The request fails as with no network: fetch rejects. */
  networkError(endpoint: TmdbEndpoint, options: ScenarioOptions = {}): HttpHandler {
    return scenario(endpoint, () => HttpResponse.error(), options)
  },

  /** Holds the answer back `ms` milliseconds, or for ever, then answers from the catalog. */
  delay(endpoint: TmdbEndpoint, ms: number | 'forever', options: ScenarioOptions = {}) {
    return scenario(
      endpoint,
      async () => {
        await delay(ms === 'forever' ? 'infinite' : ms)
        return undefined
      },
      options,
    )
  },

  /**
   * Answers with `body` (status 200 unless given), or with what `body(request)` returns. The
   * body is not checked: a wrong shape is a scenario too.
   */
  respond(
    endpoint: TmdbEndpoint,
    body: JsonBodyType | ((request: Request) => JsonBodyType),
    { status = 200, ...options }: ScenarioOptions & { status?: number } = {},
  ): HttpHandler {
    const bodyFor = (request: Request): JsonBodyType =>
      typeof body === 'function' ? (body as (request: Request) => JsonBodyType)(request) : body
    return scenario(endpoint, (request) => HttpResponse.json(bodyFor(request), { status }), options)
  },
}
