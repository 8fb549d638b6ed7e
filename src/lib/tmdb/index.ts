/** The TMDB client, response checks and errors; components reach it through features' queryOptions. */
import type { TmdbConfig } from '@/config/env'
import {
  buildRequest,
  discoverRequest,
  type DiscoverCriteria,
  movieRequest,
  movieWatchProvidersRequest,
  personRequest,
  searchPeopleRequest,
  searchRequest,
  takePreloadedResponse,
  type TmdbRequest,
  watchRegionsRequest,
  watchServicesRequest,
} from '@/lib/tmdb/requests'
import { rememberResponse } from '@/lib/tmdb/recent-responses'
import * as v from '@/lib/validate'

export {
  TMDB_MAX_PAGE,
  POPULAR,
  STREAMING_OFFERS,
  type DiscoverCriteria,
} from '@/lib/tmdb/requests'
export {
  logoUrl,
  PLACEHOLDER_POSTER,
  posterUrl,
  profileUrl,
  type PosterSize,
} from '@/lib/tmdb/images'

const movieSummaryShape = {
  id: v.number(),
  title: v.nullish(v.string()),
  overview: v.nullish(v.string()),
  poster_path: v.nullish(v.string()),
  release_date: v.nullish(v.string()),
  vote_average: v.nullish(v.number()),
}
const movieSummarySchema = v.object(movieSummaryShape)

const pagedMoviesSchema = v.object({
  page: v.number(),
  results: v.array(movieSummarySchema),
  total_pages: v.number(),
  total_results: v.nullish(v.number()),
})

/** A part of the details missing or malformed is left out, and the rest of the page shows. */
const extra = <T>(schema: v.Schema<T>) => v.withFallback(v.optional(schema), undefined)

const creditsSchema = v.object({
  cast: v.optional(
    v.array(
      v.object({
        id: v.nullish(v.number()),
        name: v.string(),
        character: v.nullish(v.string()),
        order: v.nullish(v.number()),
      }),
    ),
  ),
  crew: v.optional(
    v.array(v.object({ id: v.nullish(v.number()), name: v.string(), job: v.nullish(v.string()) })),
  ),
})

const videosSchema = v.object({
  results: v.array(
    v.object({
      key: v.string(),
      name: v.nullish(v.string()),
      site: v.nullish(v.string()),
      type: v.nullish(v.string()),
      official: v.nullish(v.boolean()),
    }),
  ),
})

const releaseDatesSchema = v.object({
  results: v.array(
    v.object({
      iso_3166_1: v.string(),
      release_dates: v.array(
        v.object({ certification: v.nullish(v.string()), type: v.nullish(v.number()) }),
      ),
    }),
  ),
})

const providerShape = {
  provider_id: v.number(),
  provider_name: v.string(),
  logo_path: v.nullish(v.string()),
  display_priority: v.nullish(v.number()),
}
const providerSchema = v.object(providerShape)
const providers = v.optional(v.validItems(providerSchema))

/** Per country (ISO 3166-1), JustWatch's offers as TMDB relays them. */
const watchProvidersSchema = v.object({
  results: v.validRecord(
    v.object({
      link: v.nullish(v.string()),
      flatrate: providers,
      free: providers,
      ads: providers,
      rent: providers,
      buy: providers,
    }),
  ),
})

const watchServicesSchema = v.object({
  results: v.validItems(
    v.object({
      ...providerShape,
      display_priorities: v.nullish(v.validRecord(v.number())),
    }),
  ),
})

const watchRegionsSchema = v.object({
  results: v.validItems(v.object({ iso_3166_1: v.string(), english_name: v.nullish(v.string()) })),
})

const movieDetailSchema = v.object({
  ...movieSummaryShape,
  genres: v.nullish(v.array(v.object({ id: v.nullish(v.number()), name: v.string() }))),
  runtime: extra(v.nullable(v.number())),
  budget: extra(v.nullable(v.number())),
  revenue: extra(v.nullable(v.number())),
  credits: extra(creditsSchema),
  videos: extra(videosSchema),
  recommendations: extra(v.object({ results: v.array(movieSummarySchema) })),
  release_dates: extra(releaseDatesSchema),
  'watch/providers': extra(watchProvidersSchema),
})

const creditShape = {
  id: v.number(),
  title: v.nullish(v.string()),
  release_date: v.nullish(v.string()),
  poster_path: v.nullish(v.string()),
  vote_average: v.nullish(v.number()),
  vote_count: v.nullish(v.number()),
}

const movieCreditsSchema = v.object({
  cast: v.optional(v.validItems(v.object({ ...creditShape, character: v.nullish(v.string()) }))),
  crew: v.optional(
    v.validItems(
      v.object({ ...creditShape, department: v.nullish(v.string()), job: v.nullish(v.string()) }),
    ),
  ),
})

const personSchema = v.object({
  id: v.number(),
  name: v.nullish(v.string()),
  biography: v.nullish(v.string()),
  birthday: extra(v.nullable(v.string())),
  deathday: extra(v.nullable(v.string())),
  place_of_birth: v.nullish(v.string()),
  profile_path: v.nullish(v.string()),
  known_for_department: v.nullish(v.string()),
  movie_credits: extra(movieCreditsSchema),
})

const pagedPeopleSchema = v.object({
  page: v.number(),
  results: v.validItems(
    v.object({
      id: v.number(),
      name: v.nullish(v.string()),
      profile_path: v.nullish(v.string()),
      known_for_department: v.nullish(v.string()),
      known_for: extra(
        v.validItems(
          v.object({
            id: v.number(),
            media_type: v.nullish(v.string()),
            title: v.nullish(v.string()),
            name: v.nullish(v.string()),
          }),
        ),
      ),
    }),
  ),
  total_pages: v.number(),
  total_results: v.nullish(v.number()),
})

const tmdbErrorBodySchema = v.object({
  status_code: v.optional(v.number()),
  status_message: v.optional(v.string()),
})

export type MovieSummary = v.Infer<typeof movieSummarySchema>
export type PagedMovies = v.Infer<typeof pagedMoviesSchema>
export type MovieDetail = v.Infer<typeof movieDetailSchema>
export type WatchProviders = v.Infer<typeof watchProvidersSchema>
export type WatchServiceList = v.Infer<typeof watchServicesSchema>
export type WatchRegions = v.Infer<typeof watchRegionsSchema>
export type Person = v.Infer<typeof personSchema>
export type MovieCredits = v.Infer<typeof movieCreditsSchema>
export type PagedPeople = v.Infer<typeof pagedPeopleSchema>

export type TmdbErrorKind = 'http' | 'network' | 'invalid-response'

export class TmdbError extends Error {
  override readonly name = 'TmdbError'
  readonly kind: TmdbErrorKind
  /** 0 when no response arrived. */
  readonly status: number
  readonly statusCode: number | undefined
  readonly statusMessage: string | undefined
  /** Seconds, from a Retry-After header (429 and 503). */
  readonly retryAfter: number | undefined

  constructor(
    message: string,
    details: {
      kind: TmdbErrorKind
      status?: number
      statusCode?: number
      statusMessage?: string
      retryAfter?: number
      cause?: unknown
    },
  ) {
    super(message, { cause: details.cause })
    this.kind = details.kind
    this.status = details.status ?? 0
    this.statusCode = details.statusCode
    this.statusMessage = details.statusMessage
    this.retryAfter = details.retryAfter
  }
}

function parseRetryAfter(header: string | null): number | undefined {
  if (!header) return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds) && seconds >= 0) return seconds
  const date = Date.parse(header)
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000)
}

async function errorFromResponse(response: Response): Promise<TmdbError> {
  const body: unknown = await response.json().catch(() => undefined)
  const parsed = v.safeParse(tmdbErrorBodySchema, body)
  const statusCode = parsed.success ? parsed.data.status_code : undefined
  const statusMessage = parsed.success ? parsed.data.status_message : undefined
  return new TmdbError(statusMessage ?? `TMDB answered HTTP ${response.status}`, {
    kind: 'http',
    status: response.status,
    statusCode,
    statusMessage,
    retryAfter: parseRetryAfter(response.headers.get('Retry-After')),
  })
}

export interface RequestOptions {
  signal?: AbortSignal | undefined
}

export function createTmdbClient(
  config: TmdbConfig,
  // Looked up at call time, so instrumentation installed later (mock workers) is honoured.
  fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args),
  {
    onResponse = rememberResponse,
  }: {
    onResponse?: (url: string, body: unknown) => void
  } = {},
) {
  async function get<T>(
    request: TmdbRequest,
    schema: v.Schema<T>,
    { signal }: RequestOptions,
  ): Promise<T> {
    const { url, headers } = buildRequest(config, request)
    const preloaded = takePreloadedResponse(url)

    let response: Response
    try {
      response = await (preloaded ?? fetchImpl(url, { headers, signal }))
      // A prefetched request cannot be aborted; its call can still be cancelled.
      signal?.throwIfAborted()
    } catch (error) {
      // Cancellation is not a failure: let TanStack Query see the AbortError as it is.
      if (signal?.aborted) throw error
      throw new TmdbError('Could not reach TMDB', { kind: 'network', cause: error })
    }
    // Behaviour §9: any 2xx is a success.
    if (response.status < 200 || response.status > 299) throw await errorFromResponse(response)

    let body: unknown
    try {
      body = await response.json()
    } catch (error) {
      if (signal?.aborted) throw error
      throw new TmdbError('TMDB sent a response that is not JSON', {
        kind: 'invalid-response',
        status: response.status,
        cause: error,
      })
    }
    const parsed = v.safeParse(schema, body)
    if (!parsed.success) {
      throw new TmdbError('TMDB sent a response of an unexpected shape', {
        kind: 'invalid-response',
        status: response.status,
        cause: parsed.error,
      })
    }
    onResponse(url, body)
    return parsed.data
  }

  return {
    config,
    discoverMovies: (
      page: number,
      { criteria, ...options }: RequestOptions & { criteria?: DiscoverCriteria } = {},
    ): Promise<PagedMovies> => get(discoverRequest(page, criteria), pagedMoviesSchema, options),

    searchMovies: (
      query: string,
      page: number,
      { year, ...options }: RequestOptions & { year?: number | undefined } = {},
    ): Promise<PagedMovies> => get(searchRequest(query, page, year), pagedMoviesSchema, options),

    getMovie: (
      id: number,
      { append, ...options }: RequestOptions & { append?: readonly string[] } = {},
    ): Promise<MovieDetail> => get(movieRequest(id, append), movieDetailSchema, options),

    getMovieWatchProviders: (id: number, options: RequestOptions = {}): Promise<WatchProviders> =>
      get(movieWatchProvidersRequest(id), watchProvidersSchema, options),

    getWatchServices: (region: string, options: RequestOptions = {}): Promise<WatchServiceList> =>
      get(watchServicesRequest(region), watchServicesSchema, options),

    getWatchRegions: (options: RequestOptions = {}): Promise<WatchRegions> =>
      get(watchRegionsRequest(), watchRegionsSchema, options),

    getPerson: (id: number, options: RequestOptions = {}): Promise<Person> =>
      get(personRequest(id), personSchema, options),

    searchPeople: (
      query: string,
      page: number,
      options: RequestOptions = {},
    ): Promise<PagedPeople> => get(searchPeopleRequest(query, page), pagedPeopleSchema, options),
  }
}

export type TmdbClient = ReturnType<typeof createTmdbClient>
