// Unknown parameters are dropped and the rest sorted: nothing made up or reordered busts the cache.

const MINUTE = 60_000

interface Endpoint {
  name:
    | 'discover'
    | 'search'
    | 'movie'
    | 'movieWatchProviders'
    | 'person'
    | 'searchPeople'
    | 'watchServices'
    | 'watchRegions'
  path: RegExp
  params: readonly string[]
  /** The parts `append_to_response` may ask for. */
  appendable?: ReadonlySet<string>
  freshMs: number
}

const ENDPOINTS: readonly Endpoint[] = [
  {
    name: 'discover',
    path: /^\/3\/discover\/movie$/,
    params: [
      'include_adult',
      'include_video',
      'language',
      'page',
      'primary_release_date.lte',
      'primary_release_year',
      'sort_by',
      'vote_count.gte',
      'watch_region',
      'with_genres',
      'with_watch_monetization_types',
      'with_watch_providers',
    ],
    freshMs: 5 * MINUTE,
  },
  {
    name: 'search',
    path: /^\/3\/search\/movie$/,
    params: ['page', 'primary_release_year', 'query'],
    freshMs: 5 * MINUTE,
  },
  {
    name: 'movie',
    path: /^\/3\/movie\/[1-9]\d{0,9}$/,
    params: ['append_to_response', 'language'],
    appendable: new Set([
      'credits',
      'recommendations',
      'release_dates',
      'videos',
      'watch/providers',
    ]),
    freshMs: 60 * MINUTE,
  },
  {
    name: 'movieWatchProviders',
    path: /^\/3\/movie\/[1-9]\d{0,9}\/watch\/providers$/,
    params: [],
    freshMs: 60 * MINUTE,
  },
  {
    name: 'watchServices',
    path: /^\/3\/watch\/providers\/movie$/,
    params: ['language', 'watch_region'],
    freshMs: 24 * 60 * MINUTE,
  },
  {
    name: 'watchRegions',
    path: /^\/3\/watch\/providers\/regions$/,
    params: ['language'],
    freshMs: 24 * 60 * MINUTE,
  },
  {
    name: 'searchPeople',
    path: /^\/3\/search\/person$/,
    params: ['page', 'query'],
    freshMs: 5 * MINUTE,
  },
  {
    name: 'person',
    path: /^\/3\/person\/[1-9]\d{0,9}$/,
    params: ['append_to_response', 'language'],
    appendable: new Set(['movie_credits']),
    freshMs: 60 * MINUTE,
  },
]

/** Longer than any title anyone searches for. */
const MAX_VALUE_LENGTH = 200

export interface AllowedRequest {
  endpoint: Endpoint['name']
  /** As sent upstream; also the cache key. */
  pathAndQuery: string
  freshMs: number
}

function normalisedValue(endpoint: Endpoint, name: string, value: string): string | undefined {
  if (value.length > MAX_VALUE_LENGTH) return undefined
  if (name !== 'append_to_response') return value
  const parts = [...new Set(value.split(','))]
    .filter((part) => endpoint.appendable?.has(part))
    .sort()
  return parts.length > 0 ? parts.join(',') : undefined
}

export function allowedRequest(path: string, query: URLSearchParams): AllowedRequest | undefined {
  const endpoint = ENDPOINTS.find((candidate) => candidate.path.test(path))
  if (!endpoint) return undefined
  const kept = new URLSearchParams()
  for (const name of endpoint.params) {
    // One value per name: the first, as TMDB itself reads it.
    const value = query.get(name)
    const normalised = value === null ? undefined : normalisedValue(endpoint, name, value)
    if (normalised !== undefined) kept.append(name, normalised)
  }
  const search = kept.toString()
  return {
    endpoint: endpoint.name,
    pathAndQuery: search ? `${path}?${search}` : path,
    freshMs: endpoint.freshMs,
  }
}
