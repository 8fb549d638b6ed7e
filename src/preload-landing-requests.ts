import type { TmdbConfig } from '@/config/env'
import { parseMovieId } from '@/features/movies/movie-id'
import { parsePopularPage } from '@/features/movies/popular-page'
import { parseSearchTerm } from '@/features/search/search-term'
import {
  discoverRequest,
  movieRequest,
  preloadRequest,
  searchRequest,
  type TmdbRequest,
} from '@/lib/tmdb/requests'

const MOVIE_PATH = /^\/movie\/([^/]+)\/?$/

/** A search parameter as the router reads it: JSON when it parses as JSON, else the text. */
function searchValue(raw: string | null): unknown {
  if (raw === null) return undefined
  try {
    return JSON.parse(raw)
  } catch {
    return raw
  }
}

function decodedSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment)
  } catch {
    return undefined
  }
}

/**
 * The TMDB request the page at this URL needs first, if the URL is one people land on: the
 * home page's popular movies, a movie's details, or the first page of a search. The routes
 * read their parameters with the same functions, so the request is the one they will ask for.
 */
export function landingRequest({
  pathname,
  search,
}: Pick<Location, 'pathname' | 'search'>): TmdbRequest | undefined {
  const params = new URLSearchParams(search)
  if (pathname === '/') return discoverRequest(parsePopularPage(searchValue(params.get('page'))))
  if (pathname === '/search' || pathname === '/search/') {
    const term = parseSearchTerm(searchValue(params.get('q')))
    return term ? searchRequest(term, 1) : undefined
  }
  const movieSegment = MOVIE_PATH.exec(pathname)?.[1]
  const movieId = movieSegment && parseMovieId(decodedSegment(movieSegment) ?? '')
  return movieId ? movieRequest(movieId) : undefined
}

/**
 * Sends the landing page's TMDB request before the app's code has loaded: on a phone that
 * round trip would otherwise wait for the whole bundle, and it decides when the page's content
 * (and its largest poster) appears. The route's loader then gets the response already on its
 * way.
 */
export function preloadLandingRequests(
  config: TmdbConfig,
  location: Pick<Location, 'pathname' | 'search'>,
): void {
  const request = landingRequest(location)
  if (request) preloadRequest(config, request)
}
