import type { TmdbConfig } from '@/config/env'
import {
  LANDING_ROUTES,
  landingPageIn,
  leadPosterPath,
  type LandingPage,
  type LandingPageOf,
} from '@/landing-pages'
import { appendLink } from '@/lib/head-link'
import { posterUrl } from '@/lib/tmdb/images'
import { preloadRequest } from '@/lib/tmdb/requests'
import type { FileRouteTypes } from '@/routeTree.gen'

/** The lazy routes' files, listed in index.html at build time (build/route-chunks.ts). */
const ROUTE_CHUNKS_ELEMENT_ID = 'route-chunks'

type RouteId = FileRouteTypes['id']

/** Every route of the router, each listed: a new route does not compile until it is. */
const landingRoutes: Record<RouteId, LandingPageOf | null> = LANDING_ROUTES

/** The route that shows the page at this URL and, when it shows TMDB data, its first request. */
export const landingPage = (
  location: Pick<Location, 'pathname' | 'search'>,
): LandingPage<RouteId> | undefined => landingPageIn(landingRoutes, location)

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
