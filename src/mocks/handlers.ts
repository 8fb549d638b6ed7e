import { http, HttpResponse, type HttpHandler } from 'msw'
import type { TmdbConfig } from '../config/env'
import {
  APPENDABLE_PARTS,
  MAX_PAGE,
  paginate,
  type AppendablePart,
  type DiscoverQuery,
  type MovieDb,
} from './db'
import { renderPosterSvg } from './poster-svg'

/** TMDB's error responses, as the real API sends them (shared with the tests). */
export const TMDB_ERRORS = {
  invalidPage: {
    status: 400,
    body: {
      success: false,
      status_code: 22,
      status_message:
        'Invalid page: Pages start at 1 and max at 500. They are expected to be an integer.',
    },
  },
  notFound: {
    status: 404,
    body: {
      success: false,
      status_code: 34,
      status_message: 'The resource you requested could not be found.',
    },
  },
} as const

export type TmdbError = (typeof TMDB_ERRORS)[keyof typeof TMDB_ERRORS]

export type MockTmdbUrls = Pick<TmdbConfig, 'apiUrl' | 'imageUrl'>

const errorResponse = ({ status, body }: TmdbError) => HttpResponse.json(body, { status })

/** The `page` parameter: missing or empty means 1; anything but an integer in 1..500 is invalid. */
export function parsePage(raw: string | null): number | undefined {
  if (raw === null || raw === '') return 1
  if (!/^\d+$/.test(raw)) return undefined
  const page = Number(raw)
  return page >= 1 && page <= MAX_PAGE ? page : undefined
}

/** An integer parameter; anything else counts as absent (TMDB ignores what it cannot read). */
function integerParam(raw: string | null): number | undefined {
  return raw !== null && /^\d+$/.test(raw) ? Number(raw) : undefined
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/** The discover parameters the demo serves; any other parameter is ignored. */
export function parseDiscoverQuery(params: URLSearchParams): DiscoverQuery {
  const lte = params.get('primary_release_date.lte')
  return {
    sortBy: params.get('sort_by') ?? undefined,
    withGenres: params.get('with_genres') ?? undefined,
    primaryReleaseYear: integerParam(params.get('primary_release_year')),
    voteCountGte: integerParam(params.get('vote_count.gte')),
    primaryReleaseDateLte: lte !== null && ISO_DATE.test(lte) ? lte : undefined,
  }
}

/** `append_to_response`'s parts the demo knows, in the order asked; others are ignored. */
export function parseAppendedParts(raw: string | null): AppendablePart[] {
  const asked = (raw ?? '').split(',').map((part) => part.trim())
  return APPENDABLE_PARTS.filter((part) => asked.includes(part))
}

/** Image sizes TMDB serves ("w300", "original"). */
const IMAGE_SIZE = /^(?:w\d+|original)$/
const POSTER_FILE = /^(\d+)\.svg$/

/**
 * MSW handlers that answer like TMDB from `db`. Credentials are ignored: this is the demo.
 */
export function createTmdbHandlers(db: MovieDb, { apiUrl, imageUrl }: MockTmdbUrls): HttpHandler[] {
  return [
    http.get(`${apiUrl}/3/discover/movie`, ({ request }) => {
      const params = new URL(request.url).searchParams
      const page = parsePage(params.get('page'))
      if (page === undefined) return errorResponse(TMDB_ERRORS.invalidPage)
      return HttpResponse.json(db.discover(page, parseDiscoverQuery(params)))
    }),

    http.get(`${apiUrl}/3/search/movie`, ({ request }) => {
      const params = new URL(request.url).searchParams
      const page = parsePage(params.get('page'))
      if (page === undefined) return errorResponse(TMDB_ERRORS.invalidPage)
      const query = params.get('query')?.trim() ?? ''
      // TMDB answers a blank query with an empty first page.
      if (!query) return HttpResponse.json(paginate([], 1))
      const year = integerParam(params.get('primary_release_year'))
      return HttpResponse.json(db.search(query, page, year))
    }),

    http.get<{ id: string }>(`${apiUrl}/3/movie/:id`, ({ params, request }) => {
      const append = parseAppendedParts(new URL(request.url).searchParams.get('append_to_response'))
      const movie = /^\d+$/.test(params.id) ? db.find(Number(params.id), append) : undefined
      if (!movie) return errorResponse(TMDB_ERRORS.notFound)
      return HttpResponse.json(movie)
    }),

    http.get<{ size: string; file: string }>(`${imageUrl}/:size/:file`, ({ params }) => {
      const id = POSTER_FILE.exec(params.file)?.[1]
      const movie = IMAGE_SIZE.test(params.size) && id ? db.find(Number(id)) : undefined
      if (!movie) return new HttpResponse(null, { status: 404 })
      return new HttpResponse(renderPosterSvg(movie), {
        headers: {
          'Content-Type': 'image/svg+xml',
          // A poster never changes for an id.
          'Cache-Control': 'public, max-age=31536000, immutable',
        },
      })
    }),
  ]
}
