import { TmdbError } from '@/lib/tmdb'

/**
 * A TMDB request that got no answer at all (fetch's TypeError: no connection, or the host out
 * of reach). An HTTP error or a malformed answer is not one.
 */
export const isNetworkFailure = (error: unknown): boolean =>
  error instanceof TmdbError && error.kind === 'network'

/** The browser says it has no connection. */
export const isOffline = (): boolean => typeof navigator !== 'undefined' && !navigator.onLine
