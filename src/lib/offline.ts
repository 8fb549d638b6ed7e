import { TmdbError } from '@/lib/tmdb'

/** fetch's TypeError: no connection, or the host out of reach (not an HTTP error). */
export const isNetworkFailure = (error: unknown): boolean =>
  error instanceof TmdbError && error.kind === 'network'

export const isOffline = (): boolean => typeof navigator !== 'undefined' && !navigator.onLine
