import { LRUCache } from 'lru-cache'
import { buildRequest } from '@/lib/tmdb/requests'
import { LANDING_ROUTES, landingPageIn, routerSearch, type LandingData } from '@/landing-pages'

/** A page's first TMDB request, as this server's API answers it, and the header announcing it. */
export interface LandingPreload {
  /** The request's URL on this server (`/api/tmdb/3/...`). */
  url: string
  /** The `Link: rel=preload` header value. */
  link: string
  /** Where the page's largest paint is in the answer. */
  leadPoster: LandingData['leadPoster']
  /** The page's route, and its URL's search as the router reads it. */
  routeId: keyof typeof LANDING_ROUTES
  search: Record<string, unknown>
}

/** A page of the app as this server sends it: its route, and its first TMDB request, if any. */
export interface ServerLanding {
  routeId: keyof typeof LANDING_ROUTES
  preload?: LandingPreload | undefined
}

/**
 * The page at a URL: its route and, for a page that shows TMDB data, its first request with the
 * `Link` header that announces it, so that the browser fetches it while it reads the page rather
 * than once the entry script has run. It is derived by the functions the page's own preload uses
 * (src/landing-pages.ts), so the page's fetch of the same URL takes the preloaded response:
 * still one request. Nothing for a URL no page answers.
 */
export function serverLandingOf(apiBase: string): (rawUrl: string) => ServerLanding | undefined {
  // The page asks for the proxy without a credential, like any page this server sends.
  const config = {
    apiUrl: apiBase,
    imageUrl: '',
    token: undefined,
    apiKey: undefined,
    demo: false,
    proxied: true,
  }
  // Pages are asked for again and again; bounded, so made-up URLs only push out others.
  const landingByUrl = new LRUCache<string, ServerLanding | false>({ max: 10_000 })
  return (rawUrl) => {
    let landing = landingByUrl.get(rawUrl)
    if (landing === undefined) {
      const { pathname, search } = new URL(rawUrl, 'http://server.invalid')
      const page = landingPageIn(LANDING_ROUTES, { pathname, search })
      const data = page?.data
      const url = data && buildRequest(config, data.request).url
      landing = page
        ? {
            routeId: page.routeId,
            preload:
              data && url
                ? {
                    url,
                    link: `<${url}>; rel=preload; as=fetch; crossorigin=anonymous`,
                    leadPoster: data.leadPoster,
                    routeId: page.routeId,
                    search: routerSearch(search),
                  }
                : undefined,
          }
        : false
      landingByUrl.set(rawUrl, landing)
    }
    return landing || undefined
  }
}
