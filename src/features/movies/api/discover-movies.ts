import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { discoverCriteria, hasHomeFilters, type HomeFilters } from '@/features/movies/home-search'
import { TMDB_MAX_PAGE, type PagedMovies, type TmdbClient } from '@/lib/tmdb'

/** The grid's page as TMDB answered it, with a page count the grid can page through. */
export const gridPage = (data: PagedMovies): PagedMovies => ({
  ...data,
  total_pages: Math.min(Math.max(data.total_pages, 1), TMDB_MAX_PAGE),
})

/** The home grid's page: the popular movies, or what the filters select. */
export const popularMoviesQueryOptions = (
  tmdb: TmdbClient,
  page: number,
  filters: HomeFilters = {},
) => {
  const criteria = discoverCriteria(filters)
  return queryOptions({
    // Each combination of filters is a query of its own; the plain list keeps its old key.
    queryKey: ['tmdb', 'discover', page, ...(hasHomeFilters(filters) ? [criteria] : [])],
    queryFn: async ({ signal }) => gridPage(await tmdb.discoverMovies(page, { criteria, signal })),
    // Changing page keeps the previous grid on screen until the next one arrives.
    placeholderData: keepPreviousData,
    // The route's loader fetches on every visit; a grid mounting next to a request that just
    // failed must not start a second round of retries against a struggling API.
    retryOnMount: false,
  })
}
