/**
 * What the service worker keeps, and under which name: plain functions of a request's URL, so
 * they are tested without a worker (tests/unit/service-worker-rules.test.ts).
 */
/** src/lib/tmdb/inline-answer.ts's INLINE_ANSWER_ID (that module is the page's: the test checks the two agree). */
export const INLINE_ANSWER_ID = 'tmdb-answer'

/** Runtime caches. A new name (a new version suffix) leaves the old cache to be deleted. */
export const CACHE_NAMES = {
  /** TMDB's answers: the pages, searches and movies visited. */
  data: 'cinelist-tmdb-data-v1',
  /** Posters seen. */
  posters: 'cinelist-posters-v1',
} as const

/** Bounds of the runtime caches: the oldest entries go first. */
export const CACHE_LIMITS = {
  data: { maxEntries: 200, maxAgeSeconds: 7 * 24 * 60 * 60 },
  // Cross-origin posters are opaque answers, which browsers count as far larger than they are
  // against the storage quota: fewer of them, and the cache is emptied on a quota error.
  posters: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 },
} as const

/** The app's TMDB proxy on its own server (`npm start`). */
const PROXY_BASE = '/api/tmdb/'

/**
 * Paths of the app's own server that are never cached, nor answered by the worker: accounts,
 * sessions and the lists' sync, whose answers depend on the visitor's cookie.
 */
const PRIVATE_PATHS = ['/api/auth/', '/api/account/', '/api/account']

export const isPrivatePath = (url: URL, origin: string): boolean =>
  url.origin === origin && PRIVATE_PATHS.some((path) => url.pathname.startsWith(path))

/**
 * A TMDB answer the page asked for: through the app's proxy, or straight from TMDB's API in a
 * credentialed static build (`apiOrigin`).
 */
export function isTmdbData(url: URL, origin: string, apiOrigin: string): boolean {
  if (isPrivatePath(url, origin)) return false
  if (url.origin === origin) return url.pathname.startsWith(PROXY_BASE)
  return url.origin === apiOrigin && url.pathname.startsWith('/3/')
}

/** A page of the app: a navigation, except to the server's API (its own answers, never the app). */
export const isAppNavigation = (url: URL, origin: string): boolean =>
  url.origin === origin && !url.pathname.startsWith('/api/')

const ATTRIBUTE_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
}

const INLINE_ANSWER = new RegExp(
  `<script type="application/json" id="${INLINE_ANSWER_ID}" data-url="([^"]*)">([\\s\\S]*?)</script>`,
)

/**
 * The TMDB answer a page served by `npm start` carries inside it (server/landing-answer.ts):
 * the page reads it instead of asking, so the worker never sees that request. Kept like any
 * other answer, the landing page then shows offline too. Nothing for a page without one, or
 * one whose block is not JSON.
 */
export function inlineAnswerOf(
  html: string,
  pageUrl: string,
): { url: string; json: string } | undefined {
  const match = INLINE_ANSWER.exec(html)
  if (!match?.[1] || match[2] === undefined) return undefined
  const url = new URL(
    match[1].replace(/&(?:amp|quot|#39|lt|gt);/g, (entity) => ATTRIBUTE_ENTITIES[entity] ?? entity),
    pageUrl,
  )
  if (url.origin !== new URL(pageUrl).origin || !url.pathname.startsWith(PROXY_BASE)) {
    return undefined
  }
  try {
    JSON.parse(match[2])
  } catch {
    return undefined
  }
  return { url: url.href, json: match[2] }
}
