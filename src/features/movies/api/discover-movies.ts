import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { discoverCriteria, hasHomeFilters, type HomeFilters } from '@/features/movies/home-search'
import { TMDB_MAX_PAGE, type PagedMovies, type TmdbClient } from '@/lib/tmdb'

export const gridPage = (data: PagedMovies): PagedMovies => ({
  ...data,
  total_pages: Math.min(Math.max(data.total_pages, 1), TMDB_MAX_PAGE),
})

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
    placeholderData: keepPreviousData,
    // A grid mounting next to a request that just failed must not retry against a struggling API.
    retryOnMount: false,
  })
}
