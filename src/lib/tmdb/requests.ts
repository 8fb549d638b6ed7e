/**
 * The GET requests of behaviour §7 as URLs and headers, and requests sent ahead of their call. No
 * validation here: this part ships in the small entry chunk, which preloads the landing page's
 * data while the rest of the app (the response checks included) is still downloading.
 */
import type { TmdbConfig } from '@/config/env'

/** TMDB serves at most 500 pages of any list, whatever total_pages says. */
export const TMDB_MAX_PAGE = 500

export interface TmdbRequest {
  path: string
  params: [string, string][]
  /** Which credential the call uses when both are configured (behaviour §7). */
  prefer: 'token' | 'apiKey'
}

/** What discover is asked to select and in which order, in TMDB's terms. */
export interface DiscoverCriteria {
  /** `<field>.<asc|desc>`. */
  sortBy: string
  withGenres?: number | undefined
  primaryReleaseYear?: number | undefined
  /** Keeps films with a handful of votes off the top of a sort by rating. */
  voteCountGte?: number | undefined
  /** ISO `YYYY-MM-DD`: keeps announced films off the top of a sort by date. */
  primaryReleaseDateLte?: string | undefined
}

/** The popular movies, the request of behaviour §7. */
export const POPULAR: DiscoverCriteria = { sortBy: 'popularity.desc' }

/** With POPULAR the request is behaviour §7's exactly; filters follow its parameters. */
export function discoverRequest(page: number, criteria: DiscoverCriteria = POPULAR): TmdbRequest {
  const params: [string, string][] = [
    ['include_adult', 'false'],
    ['include_video', 'false'],
    ['language', 'en-US'],
    ['page', String(page)],
    ['sort_by', criteria.sortBy],
  ]
  const { withGenres, primaryReleaseYear, voteCountGte, primaryReleaseDateLte } = criteria
  if (withGenres !== undefined) params.push(['with_genres', String(withGenres)])
  if (primaryReleaseYear !== undefined) {
    params.push(['primary_release_year', String(primaryReleaseYear)])
  }
  if (voteCountGte !== undefined) params.push(['vote_count.gte', String(voteCountGte)])
  if (primaryReleaseDateLte !== undefined) {
    params.push(['primary_release_date.lte', primaryReleaseDateLte])
  }
  return { path: '/3/discover/movie', params, prefer: 'token' }
}

/** Without a year, the request of behaviour §7 exactly; with one, TMDB keeps the films first
 * released that year (`primary_release_year`). */
export const searchRequest = (query: string, page: number, year?: number): TmdbRequest => ({
  path: '/3/search/movie',
  params: [
    ['query', query],
    ['page', String(page)],
    ...(year === undefined ? [] : [['primary_release_year', String(year)] as [string, string]]),
  ],
  prefer: 'apiKey',
})

/**
 * A movie's details; `append` adds other parts of the movie to the same response
 * (`append_to_response`). Without it, the request of behaviour §7 exactly.
 */
export const movieRequest = (id: number, append: readonly string[] = []): TmdbRequest => ({
  path: `/3/movie/${id}`,
  params: [
    ['language', 'en-US'],
    ...(append.length ? [['append_to_response', append.join(',')] as [string, string]] : []),
  ],
  prefer: 'apiKey',
})

export function buildRequest(
  config: TmdbConfig,
  { path, params, prefer }: TmdbRequest,
): { url: string; headers: Record<string, string> } {
  const useToken = prefer === 'token' ? Boolean(config.token) : !config.apiKey && !!config.token
  const query = new URLSearchParams(params)
  const headers: Record<string, string> = { accept: 'application/json' }
  if (useToken) headers.authorization = `Bearer ${config.token ?? ''}`
  else if (config.apiKey) query.append('api_key', config.apiKey)
  return { url: `${config.apiUrl}${path}?${query.toString()}`, headers }
}

/** Responses of requests sent ahead of their call, by URL. Each one serves a single call. */
const preloaded = new Map<string, Promise<Response>>()

/**
 * Sends `request` now; the client's call for the same URL, when it comes, takes the response.
 * `onResponse` gets a copy of it first, for a look at the body that consumes nothing.
 */
export function preloadRequest(
  config: TmdbConfig,
  request: TmdbRequest,
  {
    fetchImpl = (...args) => globalThis.fetch(...args),
    onResponse,
  }: {
    fetchImpl?: typeof fetch
    onResponse?: (copy: Response) => Promise<void>
  } = {},
): void {
  const { url, headers } = buildRequest(config, request)
  if (preloaded.has(url)) return
  const answer = fetchImpl(url, { headers })
  const response = answer.then(async (received) => {
    // Awaited, so that what the look starts (a search's other pages) is in place before the
    // call that takes this response can ask for it. A failed look costs the call nothing.
    if (onResponse) {
      await Promise.resolve(received.clone())
        .then(onResponse)
        .catch(() => undefined)
    }
    return received
  })
  // No call may ever come for it; a failure is reported to the call that takes it, if any.
  response.catch(() => undefined)
  preloaded.set(url, response)
}

export function takePreloadedResponse(url: string): Promise<Response> | undefined {
  const response = preloaded.get(url)
  preloaded.delete(url)
  return response
}
