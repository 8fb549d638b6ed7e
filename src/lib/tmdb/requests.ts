// No validation here: this ships in the entry, which prefetches the first page's data.
import type { TmdbConfig } from '@/config/env'

/** TMDB serves at most 500 pages of any list, whatever total_pages says. */
export const TMDB_MAX_PAGE = 500

export interface TmdbRequest {
  path: string
  params: [string, string][]
  /** Which credential the call uses when both are configured (behaviour §7). */
  prefer: 'token' | 'apiKey'
}

export interface DiscoverCriteria {
  sortBy: string
  withGenres?: number | undefined
  primaryReleaseYear?: number | undefined
  /** Keeps films with a handful of votes off the top of a sort by rating. */
  voteCountGte?: number | undefined
  /** ISO `YYYY-MM-DD`: keeps announced films off the top of a sort by date. */
  primaryReleaseDateLte?: string | undefined
  /** Films streaming on any of these services in that country. */
  streamingOn?: { region: string; providers: readonly number[] } | undefined
}

/** Streaming as a subscription, free or with ads: what "on my services" means (not rent or buy). */
export const STREAMING_OFFERS = ['flatrate', 'free', 'ads'] as const

export const POPULAR: DiscoverCriteria = { sortBy: 'popularity.desc' }

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
  const { streamingOn } = criteria
  if (streamingOn && streamingOn.providers.length > 0) {
    params.push(
      ['watch_region', streamingOn.region],
      ['with_watch_monetization_types', STREAMING_OFFERS.join('|')],
      ['with_watch_providers', streamingOn.providers.join('|')],
    )
  }
  return { path: '/3/discover/movie', params, prefer: 'token' }
}

export const searchRequest = (query: string, page: number, year?: number): TmdbRequest => ({
  path: '/3/search/movie',
  params: [
    ['query', query],
    ['page', String(page)],
    ...(year === undefined ? [] : [['primary_release_year', String(year)] as [string, string]]),
  ],
  prefer: 'apiKey',
})

export const movieRequest = (id: number, append: readonly string[] = []): TmdbRequest => ({
  path: `/3/movie/${id}`,
  params: [
    ['language', 'en-US'],
    ...(append.length ? [['append_to_response', append.join(',')] as [string, string]] : []),
  ],
  prefer: 'apiKey',
})

/** A person with their films (`movie_credits`), in one request. */
export const personRequest = (id: number): TmdbRequest => ({
  path: `/3/person/${String(id)}`,
  params: [
    ['language', 'en-US'],
    ['append_to_response', 'movie_credits'],
  ],
  prefer: 'apiKey',
})

export const searchPeopleRequest = (query: string, page: number): TmdbRequest => ({
  path: '/3/search/person',
  params: [
    ['query', query],
    ['page', String(page)],
  ],
  prefer: 'apiKey',
})

/** The services TMDB knows in a country, to choose one's own from. */
export const watchServicesRequest = (region: string): TmdbRequest => ({
  path: '/3/watch/providers/movie',
  params: [
    ['language', 'en-US'],
    ['watch_region', region],
  ],
  prefer: 'apiKey',
})

export const watchRegionsRequest = (): TmdbRequest => ({
  path: '/3/watch/providers/regions',
  params: [['language', 'en-US']],
  prefer: 'apiKey',
})

/** One film's offers in every country: the Watchlist's "On my services" asks this per film. */
export const movieWatchProvidersRequest = (id: number): TmdbRequest => ({
  path: `/3/movie/${String(id)}/watch/providers`,
  params: [],
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
  const search = query.toString()
  return { url: `${config.apiUrl}${path}${search ? `?${search}` : ''}`, headers }
}

const preloaded = new Map<string, Promise<Response>>()

/** The client's call for the same URL takes the response; `onResponse` gets a copy first. */
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
  const sent = fetchImpl(url, { headers })
  const response = sent.then(async (received) => {
    // Awaited, so a search's other pages are requested before the call takes this response.
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
