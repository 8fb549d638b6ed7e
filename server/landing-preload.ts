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

/**
 * The `Link` header that announces a page's first TMDB request, so that the browser fetches it
 * while it reads the page rather than once the entry script has run. It is derived by the
 * functions the page's own preload uses (src/landing-pages.ts), so the page's fetch of
 * the same URL takes the preloaded response: still one request.
 */
export function landingPreloadLinks(
  apiBase: string,
): (rawUrl: string) => LandingPreload | undefined {
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
  const preloadByUrl = new LRUCache<string, LandingPreload | false>({ max: 10_000 })
  return (rawUrl) => {
    let preload = preloadByUrl.get(rawUrl)
    if (preload === undefined) {
      const { pathname, search } = new URL(rawUrl, 'http://server.invalid')
      const landing = landingPageIn(LANDING_ROUTES, { pathname, search })
      const data = landing?.data
      const url = data && buildRequest(config, data.request).url
      preload =
        landing && data && url
          ? {
              url,
              link: `<${url}>; rel=preload; as=fetch; crossorigin=anonymous`,
              leadPoster: data.leadPoster,
              routeId: landing.routeId,
              search: routerSearch(search),
            }
          : false
      preloadByUrl.set(rawUrl, preload)
    }
    return preload || undefined
  }
}
