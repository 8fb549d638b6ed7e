import {
  APPENDABLE_PARTS,
  MAX_PAGE,
  paginate,
  type AppendablePart,
  type DiscoverQuery,
  type MovieDb,
} from './db'
import { renderPosterSvg } from './poster-svg'

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

const errorResponse = ({ status, body }: TmdbError) => Response.json(body, { status })

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

export function parseAppendedParts(raw: string | null): AppendablePart[] {
  const asked = (raw ?? '').split(',').map((part) => part.trim())
  return APPENDABLE_PARTS.filter((part) => asked.includes(part))
}

const IMAGE_SIZE = /^(?:w\d+|original)$/
const POSTER_FILE = /^(\d+)\.svg$/

/** The demo catalog's responses to TMDB's endpoints: for the mock worker, the tests and the server. */
export function demoTmdbResponses(db: MovieDb) {
  return {
    discover: (params: URLSearchParams): Response => {
      const page = parsePage(params.get('page'))
      if (page === undefined) return errorResponse(TMDB_ERRORS.invalidPage)
      // The data set has no streaming offers: no film streams anywhere.
      if (params.get('with_watch_providers')) return Response.json(paginate([], page))
      return Response.json(db.discover(page, parseDiscoverQuery(params)))
    },

    search: (params: URLSearchParams): Response => {
      const page = parsePage(params.get('page'))
      if (page === undefined) return errorResponse(TMDB_ERRORS.invalidPage)
      const query = params.get('query')?.trim() ?? ''
      // TMDB responds to a blank query with an empty first page.
      if (!query) return Response.json(paginate([], 1))
      const year = integerParam(params.get('primary_release_year'))
      return Response.json(db.search(query, page, year))
    },

    movie: (id: string, params: URLSearchParams): Response => {
      const append = parseAppendedParts(params.get('append_to_response'))
      const movie = /^\d+$/.test(id) ? db.find(Number(id), append) : undefined
      if (!movie) return errorResponse(TMDB_ERRORS.notFound)
      return Response.json(movie)
    },

    movieWatchProviders: (id: string): Response => {
      const movie = /^\d+$/.test(id) ? db.find(Number(id)) : undefined
      if (!movie) return errorResponse(TMDB_ERRORS.notFound)
      return Response.json({ id: movie.id, results: {} })
    },

    /** TMDB's answer for a country where it knows no service. */
    watchServices: (): Response => Response.json({ results: [] }),

    watchRegions: (): Response => Response.json({ results: [] }),

    person: (id: string, params: URLSearchParams): Response => {
      const asked = (params.get('append_to_response') ?? '').split(',').map((part) => part.trim())
      const person = /^\d+$/.test(id)
        ? db.person(Number(id), asked.includes('movie_credits'))
        : undefined
      if (!person) return errorResponse(TMDB_ERRORS.notFound)
      return Response.json(person)
    },

    searchPeople: (params: URLSearchParams): Response => {
      const page = parsePage(params.get('page'))
      if (page === undefined) return errorResponse(TMDB_ERRORS.invalidPage)
      const query = params.get('query')?.trim() ?? ''
      if (!query) return Response.json(paginate([], 1))
      return Response.json(db.searchPeople(query, page))
    },

    poster: (size: string, file: string): Response => {
      const id = POSTER_FILE.exec(file)?.[1]
      const movie = IMAGE_SIZE.test(size) && id ? db.find(Number(id)) : undefined
      if (!movie) return new Response(null, { status: 404 })
      return new Response(renderPosterSvg(movie), {
        headers: {
          'Content-Type': 'image/svg+xml',
          'Cache-Control': 'public, max-age=31536000, immutable',
        },
      })
    },
  }
}

export type DemoTmdbResponses = ReturnType<typeof demoTmdbResponses>
