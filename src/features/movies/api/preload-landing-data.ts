import { tmdbConfig } from '@/config/env'
import { parsePopularPage } from '@/features/movies/popular-page'
import { discoverRequest, preloadRequest } from '@/lib/tmdb/requests'

/**
 * Sends the home page's request for popular movies before the app's code has loaded: on a phone
 * that round trip would otherwise wait for the whole bundle, and it decides when the first
 * posters appear. The route's loader then gets the response already on its way. Other pages
 * start their requests from their loaders.
 */
export function preloadLandingData({ pathname, search }: Pick<Location, 'pathname' | 'search'>) {
  if (pathname !== '/') return
  const page = parsePopularPage(new URLSearchParams(search).get('page') ?? 1)
  preloadRequest(tmdbConfig, discoverRequest(page))
}
