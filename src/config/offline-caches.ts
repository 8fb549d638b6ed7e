/** The service worker's runtime caches (sw/sw.ts); a new version suffix retires the old cache. */
export const CACHE_NAMES = {
  data: 'cinelist-tmdb-data-v1',
  posters: 'cinelist-posters-v1',
} as const

export const CACHE_PREFIX = 'cinelist-'

export const KEEP_MESSAGE = 'KEEP_FOR_OFFLINE'

export interface KeepMessage {
  type: typeof KEEP_MESSAGE
  answers: { url: string; json: string }[]
  posters: string[]
}
