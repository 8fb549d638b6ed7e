/**
 * What the service worker keeps, and under which name: plain functions of a request's URL, so
 * they are tested without a worker (tests/unit/service-worker-rules.test.ts).
 */
import { KEEP_MESSAGE, type KeepMessage } from '../src/config/offline-caches'

export {
  CACHE_NAMES,
  CACHE_PREFIX,
  KEEP_MESSAGE,
  type KeepMessage,
} from '../src/config/offline-caches'

/** Bounds of the runtime caches: the oldest entries go first. */
export const CACHE_LIMITS = {
  data: { maxEntries: 200, maxAgeSeconds: 7 * 24 * 60 * 60 },
  // Cross-origin posters are opaque answers, which browsers count as far larger than they are
  // against the storage quota: a bounded number, and the cache is emptied on a quota error.
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

/** At most this many of each in one message: a page holds no more. */
const MAX_KEPT = 100
/** A TMDB answer larger than this is not one (a detail with all its parts is ~100 kB). */
const MAX_ANSWER_CHARS = 2_000_000

const isHttpUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false
  try {
    return /^https?:$/.test(new URL(value).protocol)
  } catch {
    return false
  }
}

/**
 * The page's message, when it is one: only well-formed entries are kept (the worker's caches
 * hold nothing else), and no more than a page could have loaded.
 */
export function readKeepMessage(data: unknown): KeepMessage | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const { type, answers, posters } = data as Record<string, unknown>
  if (type !== KEEP_MESSAGE || !Array.isArray(answers) || !Array.isArray(posters)) {
    return undefined
  }
  return {
    type: KEEP_MESSAGE,
    answers: answers
      .filter(
        (answer): answer is { url: string; json: string } =>
          typeof answer === 'object' &&
          answer !== null &&
          isHttpUrl((answer as Record<string, unknown>).url) &&
          typeof (answer as Record<string, unknown>).json === 'string' &&
          ((answer as Record<string, unknown>).json as string).length <= MAX_ANSWER_CHARS,
      )
      .slice(0, MAX_KEPT)
      .map(({ url, json }) => ({ url, json })),
    posters: posters.filter(isHttpUrl).slice(0, MAX_KEPT),
  }
}
