/**
 * What a page people land on needs first from TMDB, read from its URL: the request the route's
 * loader will make, and where in the answer its largest paint (a poster) is. On a static host
 * the entry's preload (src/preload-landing-page.ts) asks here, before the app's code has run; a
 * page the server rendered has its data inside. Plain code, without the route tree: the entry
 * ships it.
 */
import { discoverCriteria, homeFilters, parseHomeSearch } from '@/features/movies/home-search'
import { MOVIE_DETAIL_PARTS } from '@/features/movies/movie-detail-parts'
import { parseMovieId } from '@/features/movies/movie-id'
import { searchPagesAfterFirst } from '@/features/search/constants'
import { parseSearchPageSearch } from '@/features/search/search-term'
import { parseSearchValue } from '@/lib/search-params'
import type { PosterSize } from '@/lib/tmdb/images'
import { discoverRequest, movieRequest, searchRequest, type TmdbRequest } from '@/lib/tmdb/requests'

/** What a page needs first from TMDB, when it shows TMDB data. */
export interface LandingData {
  request: TmdbRequest
  /**
   * The page's largest paint: a poster, as the page shows it. The first result of a list
   * (the first card of the home grid, of a search's results) or a detail page's movie.
   */
  leadPoster: { of: 'first result' | 'movie'; size: PosterSize }
  /** What the page asks for next, once that request has answered: a search's other pages. */
  followUps?: (body: unknown) => TmdbRequest[]
}

export interface LandingPage<RouteId extends string = string> {
  routeId: RouteId
  data?: LandingData
}

/**
 * What a route's page starts with, from its path parameters and search: the request, for the
 * pages that show TMDB data; nothing when the parameters name no page (the router shows "not
 * found" there).
 */
export type LandingPageOf = (
  params: Record<string, string>,
  search: Record<string, unknown>,
) => { data?: LandingData } | undefined

const withoutData: LandingPageOf = () => ({})

/**
 * Every route by id, each with its page's start, or null for layouts and the root, which are
 * no page of their own. The URL is read with the functions the route's validateSearch and
 * loader use. src/preload-landing-page.ts holds it to the router's list of routes.
 */
export const LANDING_ROUTES = {
  __root__: null,
  '/_authenticated': null,
  '/': (_params, search) => {
    const home = parseHomeSearch(search)
    return {
      data: {
        request: discoverRequest(home.page ?? 1, discoverCriteria(homeFilters(home))),
        leadPoster: { of: 'first result', size: 'w300' },
      },
    }
  },
  '/search': (_params, search) => {
    const { q: term, year } = parseSearchPageSearch(search)
    if (!term) return {}
    return {
      data: {
        request: searchRequest(term, 1, year),
        leadPoster: { of: 'first result', size: 'w200' },
        followUps: (body) => searchFollowUps(term, year, body),
      },
    }
  },
  '/movie/$movieId': ({ movieId }) => {
    const id = parseMovieId(movieId ?? '')
    if (!id) return undefined
    return {
      data: {
        request: movieRequest(id, MOVIE_DETAIL_PARTS),
        leadPoster: { of: 'movie', size: 'w300' },
      },
    }
  },
  '/login': withoutData,
  '/register': withoutData,
  '/_authenticated/favorites': withoutData,
  '/_authenticated/watchlist': withoutData,
  '/_authenticated/seen': withoutData,
  '/_authenticated/account': withoutData,
} satisfies Record<string, LandingPageOf | null>

/**
 * The route's path parameters when `segments` (a URL path, split) is its page: a route id
 * reads as its URL once the pathless layouts (`_name`) are left out, and `$name` matches any
 * one segment, as in the router.
 */
function matchRoute(routeId: string, segments: string[]): Record<string, string> | undefined {
  const pattern = routeId.split('/').filter((segment) => segment !== '' && !segment.startsWith('_'))
  if (pattern.length !== segments.length) return undefined
  const params: Record<string, string> = {}
  for (const [index, part] of pattern.entries()) {
    const segment = segments[index] ?? ''
    if (part.startsWith('$')) {
      const value = decodedSegment(segment)
      if (value === undefined) return undefined
      params[part.slice(1)] = value
    } else if (part !== segment) {
      return undefined
    }
  }
  return params
}

/**
 * The search parameters as the router reads them (parseSearchWith in src/router.tsx): a
 * repeated key is a list, which no page accepts, so it falls back like a missing one.
 */
export function routerSearch(search: string): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const [key, text] of new URLSearchParams(search)) {
    values[key] = key in values ? [values[key], text] : parseSearchValue(text)
  }
  return values
}

function decodedSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment)
  } catch {
    return undefined
  }
}

/**
 * The route of `routes` that shows the page at this URL and, for the pages people land on with
 * TMDB data (the home page's popular movies, a movie's details, a search), its first request.
 * Nothing for a URL no page answers, or a page whose parameters no request can be made of (the
 * router shows "not found" there).
 */
export function landingPageIn<RouteId extends string>(
  routes: Record<RouteId, LandingPageOf | null>,
  { pathname, search }: Pick<Location, 'pathname' | 'search'>,
): LandingPage<RouteId> | undefined {
  const segments = pathname.split('/').filter(Boolean)
  for (const [routeId, pageOf] of Object.entries(routes) as [RouteId, LandingPageOf | null][]) {
    const params = pageOf && matchRoute(routeId, segments)
    if (!params) continue
    const page = pageOf(params, routerSearch(search))
    return page && { routeId, ...page }
  }
  return undefined
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

const posterPathOf = (movie: unknown): string | undefined =>
  isRecord(movie) && typeof movie.poster_path === 'string' && movie.poster_path
    ? movie.poster_path
    : undefined

/** A search's other pages, the ones features/search/api/search-movies.ts asks for. */
function searchFollowUps(
  term: string,
  year: number | undefined,
  firstPage: unknown,
): TmdbRequest[] {
  const totalPages = isRecord(firstPage) ? firstPage.total_pages : undefined
  if (typeof totalPages !== 'number') return []
  return searchPagesAfterFirst(totalPages).map((page) => searchRequest(term, page, year))
}

/** Where the lead poster is in a response body; nothing when the body is not as expected. */
export function leadPosterPath(
  body: unknown,
  of: LandingData['leadPoster']['of'],
): string | undefined {
  if (of === 'movie') return posterPathOf(body)
  return isRecord(body) && Array.isArray(body.results) ? posterPathOf(body.results[0]) : undefined
}
