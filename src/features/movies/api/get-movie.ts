import { queryOptions } from '@tanstack/react-query'
import { MOVIE_DETAIL_PARTS } from '@/features/movies/movie-detail-parts'
import type { TmdbClient } from '@/lib/tmdb'

export const movieDetailQueryOptions = (tmdb: TmdbClient, movieId: number) =>
  queryOptions({
    queryKey: ['tmdb', 'movie', movieId],
    queryFn: ({ signal }) => tmdb.getMovie(movieId, { signal, append: MOVIE_DETAIL_PARTS }),
    // A film's details hardly change: an hour fresh makes reopening one free.
    staleTime: 60 * 60_000,
  })
