import { queryOptions, skipToken } from '@tanstack/react-query'
import { SEARCH_MAX_RESULTS, searchPagesAfterFirst } from '@/features/search/constants'
import type { MovieSummary, PagedMovies, TmdbClient } from '@/lib/tmdb'

/** Results merged in page order, duplicates dropped. */
function mergePages(pages: PagedMovies[]): MovieSummary[] {
  const seen = new Set<number>()
  return pages
    .flatMap((page) => page.results)
    .filter((movie) => !seen.has(movie.id) && Boolean(seen.add(movie.id)))
}

/**
 * The results shown: the first 10 of the merged pages, or the first 10 `keep` accepts (the
 * unseen ones, when "Hide seen" is on).
 */
export function firstResults(
  movies: readonly MovieSummary[],
  keep?: (movie: MovieSummary) => boolean,
): MovieSummary[] {
  return (keep ? movies.filter(keep) : movies).slice(0, SEARCH_MAX_RESULTS)
}

/**
 * Page 1 first (it tells how many pages there are), then pages 2..min(total, 5) in parallel;
 * results merged in page order, duplicates dropped, all kept (see firstResults). `onFirstPage`
 * receives page 1's share of that list while the other pages are on their way.
 */
export async function searchAllMovies(
  term: string,
  {
    signal,
    client,
    year,
    onFirstPage,
  }: {
    signal?: AbortSignal
    client: TmdbClient
    /** Only films released that year, on every page asked for. */
    year?: number | undefined
    onFirstPage?: (movies: MovieSummary[]) => void
  },
): Promise<MovieSummary[]> {
  const first = await client.searchMovies(term, 1, { signal, year })
  const nextPages = searchPagesAfterFirst(first.total_pages)
  if (nextPages.length > 0) onFirstPage?.(mergePages([first]))
  const rest = await Promise.all(
    nextPages.map((page) => client.searchMovies(term, page, { signal, year })),
  )
  return mergePages([first, ...rest])
}

/**
 * A search's first 10 results. With 20 results a page, page 1's share is almost always the
 * final list already.
 */
export async function searchMovies(
  term: string,
  options: Parameters<typeof searchAllMovies>[1],
): Promise<MovieSummary[]> {
  const { onFirstPage } = options
  const all = await searchAllMovies(term, {
    ...options,
    onFirstPage:
      onFirstPage &&
      ((movies) => {
        onFirstPage(firstResults(movies))
      }),
  })
  return firstResults(all)
}

/** A search without a year keeps the keys it always had. */
const searchKey = (term: string, year: number | undefined) =>
  year === undefined
    ? (['tmdb', 'search', term] as const)
    : (['tmdb', 'search', term, year] as const)

const firstPageKey = (term: string, year: number | undefined) =>
  [...searchKey(term, year), 'first page'] as const

/**
 * Keyed by the debounced term (and year), so each distinct search is fetched once and then
 * cached. It holds every merged result; the results list shows the first 10 (of the unseen, if
 * asked).
 */
export const searchMoviesQueryOptions = (tmdb: TmdbClient, term: string, year?: number) =>
  queryOptions({
    queryKey: searchKey(term, year),
    queryFn: ({ signal, client }) =>
      searchAllMovies(term, {
        signal,
        client: tmdb,
        year,
        onFirstPage: (movies) => client.setQueryData(firstPageKey(term, year), movies),
      }),
    enabled: term.length > 0,
    // The route's loader starts the search; results mounting next to a search that just failed
    // must not start a second round of retries.
    retryOnMount: false,
  })

/**
 * What page 1 alone says while the search's other pages load (see searchMovies). Only read:
 * the search's own query writes it.
 */
export const searchFirstPageQueryOptions = (term: string, year?: number) =>
  queryOptions<MovieSummary[]>({ queryKey: firstPageKey(term, year), queryFn: skipToken })
