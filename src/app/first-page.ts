/** What each route's first page needs from TMDB, read from its URL: shipped in the entry, so no route tree. */
import { discoverCriteria, homeFilters, parseHomeSearch } from '@/features/movies/home-search'
import { MOVIE_DETAIL_PARTS } from '@/features/movies/movie-detail-parts'
import { parseTmdbId } from '@/lib/tmdb/ids'
import { searchPagesAfterFirst } from '@/features/search/constants'
import { parseSearchPageSearch } from '@/features/search/search-term'
import { parseSearchValue } from '@/lib/search-params'
import type { PosterSize } from '@/lib/tmdb/images'
import {
  discoverRequest,
  movieRequest,
  personRequest,
  searchPeopleRequest,
  searchRequest,
  type TmdbRequest,
} from '@/lib/tmdb/requests'

export interface FirstPageData {
  request: TmdbRequest
  /** The page's largest paint: the first result's poster, or the detail page's movie's. */
  leadPoster?: { of: 'first result' | 'movie'; size: PosterSize }
  followUps?: (body: unknown) => TmdbRequest[]
}

export interface FirstPage<RouteId extends string = string> {
  routeId: RouteId
  data?: FirstPageData
}

export type FirstPageOf = (
  params: Record<string, string>,
  search: Record<string, unknown>,
) => { data?: FirstPageData } | undefined

const withoutData: FirstPageOf = () => ({})

/** Every route by id (null: a layout); the URL is read as the route's validateSearch and loader read it. */
export const FIRST_PAGE_ROUTES = {
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
    const { q: term, year, type } = parseSearchPageSearch(search)
    if (!term) return {}
    if (type === 'person') return { data: { request: searchPeopleRequest(term, 1) } }
    return {
      data: {
        request: searchRequest(term, 1, year),
        leadPoster: { of: 'first result', size: 'w200' },
        followUps: (body) => searchFollowUps(term, year, body),
      },
    }
  },
  '/movie/$movieId': ({ movieId }) => {
    const id = parseTmdbId(movieId ?? '')
    if (!id) return undefined
    return {
      data: {
        request: movieRequest(id, MOVIE_DETAIL_PARTS),
        leadPoster: { of: 'movie', size: 'w300' },
      },
    }
  },
  '/person/$personId': ({ personId }) => {
    const id = parseTmdbId(personId ?? '')
    return id ? { data: { request: personRequest(id) } } : undefined
  },
  '/login': withoutData,
  '/register': withoutData,
  '/_authenticated/favorites': withoutData,
  '/_authenticated/watchlist': withoutData,
  '/_authenticated/seen': withoutData,
  '/_authenticated/account': withoutData,
  '/_authenticated/account_/services': withoutData,
  '/_authenticated/lists': withoutData,
  '/_authenticated/lists_/$listId': withoutData,
  '/l/$token': withoutData,
} satisfies Record<string, FirstPageOf | null>

/**
 * A route id matches as its URL without pathless layouts (`_name`) and un-nesting marks
 * (`name_`); `$name` matches one segment.
 */
function matchRoute(routeId: string, segments: string[]): Record<string, string> | undefined {
  const pattern = routeId
    .split('/')
    .filter((segment) => segment !== '' && !segment.startsWith('_'))
    .map((segment) => segment.replace(/_$/, ''))
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

/** As parseSearchWith in src/router.tsx reads them; a repeated key is a list, which no page accepts. */
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

/** The route showing the page at this URL and, for a page of TMDB data, its first request. */
export function firstPageIn<RouteId extends string>(
  routes: Record<RouteId, FirstPageOf | null>,
  { pathname, search }: Pick<Location, 'pathname' | 'search'>,
): FirstPage<RouteId> | undefined {
  const segments = pathname.split('/').filter(Boolean)
  for (const [routeId, pageOf] of Object.entries(routes) as [RouteId, FirstPageOf | null][]) {
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

function searchFollowUps(
  term: string,
  year: number | undefined,
  firstPage: unknown,
): TmdbRequest[] {
  const totalPages = isRecord(firstPage) ? firstPage.total_pages : undefined
  if (typeof totalPages !== 'number') return []
  return searchPagesAfterFirst(totalPages).map((page) => searchRequest(term, page, year))
}

export function leadPosterPath(
  body: unknown,
  of: NonNullable<FirstPageData['leadPoster']>['of'],
): string | undefined {
  if (of === 'movie') return posterPathOf(body)
  return isRecord(body) && Array.isArray(body.results) ? posterPathOf(body.results[0]) : undefined
}
