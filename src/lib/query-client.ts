import { QueryCache, QueryClient, type QueryClientConfig } from '@tanstack/react-query'
import { isNetworkFailure, isOffline } from '@/lib/offline'
import { TmdbError } from '@/lib/tmdb'

const MAX_RETRIES = 2
const MAX_RATE_LIMIT_RETRIES = 3
/** So the error message (behaviour §8) still shows in reasonable time. */
const MAX_RETRY_DELAY_MS = 8_000

/** 4xx will not change by asking again, except 429 (rate limit), which asks us to wait. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  // Offline, asking again cannot help; the query is asked again on reconnect.
  if (isNetworkFailure(error) && isOffline()) return false
  if (error instanceof TmdbError) {
    if (error.status === 429) return failureCount < MAX_RATE_LIMIT_RETRIES
    if (error.kind === 'invalid-response') return false
    if (error.status >= 400 && error.status < 500) return false
  }
  return failureCount < MAX_RETRIES
}

export function retryDelay(attempt: number, error: unknown): number {
  if (error instanceof TmdbError && error.retryAfter !== undefined) {
    return Math.min(error.retryAfter * 1000, MAX_RETRY_DELAY_MS)
  }
  return Math.min(500 * 2 ** attempt, MAX_RETRY_DELAY_MS)
}

export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  return new QueryClient({
    // Every TMDB failure is logged once here; the screens decide what (if anything) to show.
    queryCache: new QueryCache({
      onError: (error, query) => {
        console.error(`TMDB request failed (${JSON.stringify(query.queryKey)}):`, error)
      },
    }),
    ...config,
    defaultOptions: {
      ...config.defaultOptions,
      queries: {
        // Five minutes fresh: Back, a repeated search or a reopened detail costs no request.
        staleTime: 5 * 60_000,
        gcTime: 30 * 60_000,
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: false,
        // Even while offline: the service worker may hold the response.
        networkMode: 'always',
        ...config.defaultOptions?.queries,
      },
    },
  })
}
