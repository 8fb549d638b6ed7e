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
