/** Scenarios for tests, in front of the demo catalog's handlers: see docs/testing.md. */
import { delay, http, HttpResponse, type HttpHandler, type JsonBodyType } from 'msw'
import type { TmdbError } from './handlers'

export const TMDB_ENDPOINTS = {
  discover: '/3/discover/movie',
  search: '/3/search/movie',
  movie: '/3/movie/:id',
  movieWatchProviders: '/3/movie/:id/watch/providers',
  watchServices: '/3/watch/providers/movie',
  watchRegions: '/3/watch/providers/regions',
  person: '/3/person/:id',
  searchPeople: '/3/search/person',
} as const

export type TmdbEndpoint = keyof typeof TMDB_ENDPOINTS

export interface ScenarioOptions {
  when?: (url: URL) => boolean
  once?: boolean
  apiUrl?: string
}

export interface FailureOptions {
  status: number
  body?: JsonBodyType
  retryAfter?: number
}

const DEFAULT_API_URL = 'https://api.themoviedb.org'

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

type Responder = (request: Request) => Response | Promise<Response> | undefined | Promise<undefined>

function scenario(
  endpoint: TmdbEndpoint,
  responder: Responder,
  options: ScenarioOptions,
): HttpHandler {
  const { when, once = false, apiUrl = DEFAULT_API_URL } = options
  // Counted here, not with MSW's `once`, which would also count requests `when` turned away.
  let used = false
  return http.get(`${apiUrl}${TMDB_ENDPOINTS[endpoint]}`, ({ request }) => {
    if ((once && used) || (when && !when(new URL(request.url)))) return undefined
    used = true
    return responder(request)
  })
}

export const tmdbScenario = {
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

  networkError(endpoint: TmdbEndpoint, options: ScenarioOptions = {}): HttpHandler {
    return scenario(endpoint, () => HttpResponse.error(), options)
  },

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

  /** The body is not checked: a wrong shape is a scenario too. */
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
