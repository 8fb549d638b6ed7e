import { queryOptions } from '@tanstack/react-query'
import { tmdb, type MovieSummary, type TmdbClient } from '@/lib/tmdb'

/** Spec §9: at most 5 pages are fetched and 10 results shown. */
export const SEARCH_MAX_PAGES = 5
export const SEARCH_MAX_RESULTS = 10

/**
 * Page 1 first (it tells how many pages there are), then pages 2..min(total, 5) in parallel;
 * results merged in page order, duplicates dropped, first 10 kept.
 */
export async function searchMovies(
  term: string,
  { signal, client = tmdb }: { signal?: AbortSignal; client?: TmdbClient } = {},
): Promise<MovieSummary[]> {
  const first = await client.searchMovies(term, 1, { signal })
  const lastPage = Math.min(first.total_pages, SEARCH_MAX_PAGES)
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, lastPage - 1) }, (_, index) =>
      client.searchMovies(term, index + 2, { signal }),
    ),
  )
  const seen = new Set<number>()
  return [first, ...rest]
    .flatMap((page) => page.results)
    .filter((movie) => !seen.has(movie.id) && Boolean(seen.add(movie.id)))
    .slice(0, SEARCH_MAX_RESULTS)
}

/** Keyed by the debounced term, so each distinct search is fetched once and then cached. */
export const searchMoviesQueryOptions = (term: string) =>
  queryOptions({
    queryKey: ['tmdb', 'search', term],
    queryFn: ({ signal }) => searchMovies(term, { signal }),
    enabled: term.length > 0,
    // The route's loader starts the search; results mounting next to a search that just failed
    // must not start a second round of retries.
    retryOnMount: false,
  })
