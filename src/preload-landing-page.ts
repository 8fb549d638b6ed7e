import type { TmdbConfig } from '@/config/env'
import { discoverCriteria, homeFilters, parseHomeSearch } from '@/features/movies/home-search'
import { MOVIE_DETAIL_PARTS } from '@/features/movies/movie-detail-parts'
import { parseMovieId } from '@/features/movies/movie-id'
import { searchPagesAfterFirst } from '@/features/search/constants'
import { parseSearchPageSearch } from '@/features/search/search-term'
import { parseSearchValue } from '@/lib/search-params'
import { posterUrl, type PosterSize } from '@/lib/tmdb/images'
import {
  discoverRequest,
  movieRequest,
  preloadRequest,
  searchRequest,
  type TmdbRequest,
} from '@/lib/tmdb/requests'
import type { FileRouteTypes } from '@/routeTree.gen'

/** The lazy routes' files, listed in index.html at build time (build/route-chunks.ts). */
const ROUTE_CHUNKS_ELEMENT_ID = 'route-chunks'

const MOVIE_PATH = /^\/movie\/([^/]+)\/?$/
/** Pages whose URL carries nothing to read: the path alone says which route shows. */
const PLAIN_ROUTES: Partial<Record<string, FileRouteTypes['id']>> = {
  '/login': '/login',
  '/register': '/register',
  '/favorites': '/_authenticated/favorites',
}

/**
 * The search parameters as the router reads them (parseSearchWith in src/router.tsx): a
 * repeated key is a list, which no page accepts, so it falls back like a missing one.
 */
function routerSearch(search: string): Record<string, unknown> {
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

export interface LandingPage {
  routeId: FileRouteTypes['id']
  /** What the page needs first from TMDB, when it shows TMDB data. */
  data?: {
    request: TmdbRequest
    /**
     * The page's largest paint: a poster, as the page shows it. The first result of a list
     * (the first card of the home grid, of a search's results) or a detail page's movie.
     */
    leadPoster: { of: 'first result' | 'movie'; size: PosterSize }
    /** What the page asks for next, once that request has answered: a search's other pages. */
    followUps?: (body: unknown) => TmdbRequest[]
  }
}

/**
 * The route that shows the page at this URL and, for the pages people land on with TMDB data
 * (the home page's popular movies, a movie's details, a search), its first request. The routes
 * read their parameters with the same functions, so the request is the one they will ask for.
 */
export function landingPage({
  pathname,
  search,
}: Pick<Location, 'pathname' | 'search'>): LandingPage | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname
  if (path === '/') {
    const home = parseHomeSearch(routerSearch(search))
    return {
      routeId: '/',
      data: {
        request: discoverRequest(home.page ?? 1, discoverCriteria(homeFilters(home))),
        leadPoster: { of: 'first result', size: 'w300' },
      },
    }
  }
  if (path === '/search') {
    const { q: term, year } = parseSearchPageSearch(routerSearch(search))
    return {
      routeId: '/search',
      data: term
        ? {
            request: searchRequest(term, 1, year),
            leadPoster: { of: 'first result', size: 'w200' },
            followUps: (body) => searchFollowUps(term, year, body),
          }
        : undefined,
    }
  }
  const plainRoute = PLAIN_ROUTES[path]
  if (plainRoute) return { routeId: plainRoute }
  const movieSegment = MOVIE_PATH.exec(path)?.[1]
  const movieId = movieSegment && parseMovieId(decodedSegment(movieSegment) ?? '')
  return movieId
    ? {
        routeId: '/movie/$movieId',
        data: {
          request: movieRequest(movieId, MOVIE_DETAIL_PARTS),
          leadPoster: { of: 'movie', size: 'w300' },
        },
      }
    : undefined
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
  of: NonNullable<LandingPage['data']>['leadPoster']['of'],
): string | undefined {
  if (of === 'movie') return posterPathOf(body)
  return isRecord(body) && Array.isArray(body.results) ? posterPathOf(body.results[0]) : undefined
}

function appendLink(attributes: Record<string, string>) {
  const link = document.createElement('link')
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value)
  document.head.append(link)
}

/** The files of a lazy route's component; none on the dev server, which lists nothing. */
function routeChunks(routeId: string): string[] {
  const list = document.getElementById(ROUTE_CHUNKS_ELEMENT_ID)?.textContent
  if (!list) return []
  try {
    return (JSON.parse(list) as Partial<Record<string, string[]>>)[routeId] ?? []
  } catch {
    // Only a head start is lost: the router loads the route's code as always.
    return []
  }
}

/**
 * Fetches what the landing page needs before the app's code has run, instead of after it:
 * on a phone each of these would otherwise wait for the whole bundle.
 * - The route's component, alongside React and the app.
 * - Its first TMDB request; the route's loader then gets the response already on its way.
 * - Its lead poster, its largest paint, as soon as that response names it; the page then
 *   finds it in the cache. And for a search, its other pages, which the app would otherwise
 *   ask for only once it had read the first.
 */
export function preloadLandingPage(
  config: TmdbConfig,
  location: Pick<Location, 'pathname' | 'search'>,
): void {
  const landing = landingPage(location)
  if (!landing) return
  for (const file of routeChunks(landing.routeId)) {
    appendLink({ rel: 'modulepreload', crossorigin: '', href: file })
  }
  // In demo mode on a static host TMDB is a mock that is not started yet: its requests wait.
  if ((config.demo && !config.proxied) || !landing.data) return
  const { request, leadPoster, followUps } = landing.data
  preloadRequest(config, request, {
    // A body that is not JSON or not TMDB's is left to the route's own call to report.
    onResponse: async (copy) => {
      if (!copy.ok) return
      const body: unknown = await copy.json()
      const path = leadPosterPath(body, leadPoster.of)
      if (path) {
        appendLink({
          rel: 'preload',
          as: 'image',
          href: posterUrl(path, leadPoster.size, config.imageUrl),
          fetchpriority: 'high',
        })
      }
      for (const next of followUps?.(body) ?? []) preloadRequest(config, next)
    },
  })
}
