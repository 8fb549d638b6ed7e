/**
 * The service worker's runtime caches (sw/sw.ts). The page writes into the data cache too
 * (src/features/pwa/seed.ts). A new name (a new version suffix) leaves the old cache to be
 * deleted when the new worker takes over.
 */
export const CACHE_NAMES = {
  /** TMDB's answers: the pages, searches and movies visited. */
  data: 'cinelist-tmdb-data-v1',
  /** Posters seen. */
  posters: 'cinelist-posters-v1',
} as const

/** What every cache of the app's is named after: older ones are found by it. */
export const CACHE_PREFIX = 'cinelist-'

/**
 * The page's message to the service worker: what it loaded before the worker was in charge of
 * it, for the worker to keep (src/features/pwa/seed.ts, sw/sw.ts).
 */
export const KEEP_MESSAGE = 'KEEP_FOR_OFFLINE'

export interface KeepMessage {
  type: typeof KEEP_MESSAGE
  /** TMDB's answers, by request URL, as the JSON text TMDB sent. */
  answers: { url: string; json: string }[]
  /** The posters the page shows. */
  posters: string[]
}
