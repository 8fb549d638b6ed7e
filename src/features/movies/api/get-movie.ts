import { queryOptions } from '@tanstack/react-query'
import { tmdb } from '@/lib/tmdb'

export const movieDetailQueryOptions = (movieId: number) =>
  queryOptions({
    queryKey: ['tmdb', 'movie', movieId],
    queryFn: ({ signal }) => tmdb.getMovie(movieId, { signal }),
    // A film's details hardly change: an hour fresh makes reopening one free.
    staleTime: 60 * 60_000,
  })
