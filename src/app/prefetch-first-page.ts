import type { TmdbConfig } from '@/config/env'
import {
  FIRST_PAGE_ROUTES,
  firstPageIn,
  leadPosterPath,
  type FirstPage,
  type FirstPageOf,
} from '@/app/first-page'
import { appendLink } from '@/lib/head-link'
import { posterUrl } from '@/lib/tmdb/images'
import { preloadRequest } from '@/lib/tmdb/requests'
import type { FileRouteTypes } from '@/routeTree.gen'

/** The lazy routes' files, listed in index.html at build time (build/route-chunks.ts). */
const ROUTE_CHUNKS_ELEMENT_ID = 'route-chunks'

type RouteId = FileRouteTypes['id']

/** Typed by the route tree: a new route does not compile until it is listed. */
const firstPageRoutes: Record<RouteId, FirstPageOf | null> = FIRST_PAGE_ROUTES

export const firstPage = (
  location: Pick<Location, 'pathname' | 'search'>,
): FirstPage<RouteId> | undefined => firstPageIn(firstPageRoutes, location)

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

/** Prefetches the first page's code, TMDB request and lead poster (see docs/performance.md). */
export function prefetchFirstPage(
  config: TmdbConfig,
  location: Pick<Location, 'pathname' | 'search'>,
): void {
  const page = firstPage(location)
  if (!page) return
  for (const file of routeChunks(page.routeId)) {
    appendLink({ rel: 'modulepreload', crossorigin: '', href: file })
  }
  // The demo's mock TMDB is not started yet on a static host.
  if ((config.demo && !config.proxied) || !page.data) return
  const { request, leadPoster, followUps } = page.data
  preloadRequest(config, request, {
    onResponse: async (copy) => {
      if (!copy.ok) return
      const body: unknown = await copy.json()
      const path = leadPoster && leadPosterPath(body, leadPoster.of)
      if (leadPoster && path) {
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
