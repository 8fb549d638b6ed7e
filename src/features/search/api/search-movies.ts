import { queryOptions, skipToken } from '@tanstack/react-query'
import { SEARCH_MAX_RESULTS, searchPagesAfterFirst } from '@/features/search/constants'
import type { MovieSummary, PagedMovies, TmdbClient } from '@/lib/tmdb'

function mergePages(pages: PagedMovies[]): MovieSummary[] {
  const seen = new Set<number>()
  return pages
    .flatMap((page) => page.results)
    .filter((movie) => !seen.has(movie.id) && Boolean(seen.add(movie.id)))
}

export function firstResults(
  movies: readonly MovieSummary[],
  keep?: (movie: MovieSummary) => boolean,
): MovieSummary[] {
  return (keep ? movies.filter(keep) : movies).slice(0, SEARCH_MAX_RESULTS)
}

/** Page 1 first (it tells the page count), then pages 2..min(total, 5) in parallel, merged. */
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
    // The route's loader starts the search: no second round of retries after it just failed.
    retryOnMount: false,
  })

export const searchFirstPageQueryOptions = (term: string, year?: number) =>
  queryOptions<MovieSummary[]>({ queryKey: firstPageKey(term, year), queryFn: skipToken })
