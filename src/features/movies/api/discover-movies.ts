import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { TMDB_MAX_PAGE, tmdb } from '@/lib/tmdb'

export const popularMoviesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['tmdb', 'discover', page],
    queryFn: async ({ signal }) => {
      const data = await tmdb.discoverMovies(page, { signal })
      return { ...data, total_pages: Math.min(Math.max(data.total_pages, 1), TMDB_MAX_PAGE) }
    },
    // Changing page keeps the previous grid on screen until the next one arrives.
    placeholderData: keepPreviousData,
    // The route's loader fetches on every visit; a grid mounting next to a request that just
    // failed must not start a second round of retries against a struggling API.
    retryOnMount: false,
  })
