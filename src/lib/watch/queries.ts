import { queryOptions } from '@tanstack/react-query'
import type { TmdbClient } from '@/lib/tmdb'
import { paced } from '@/lib/watch/paced'

const DAY_MS = 24 * 60 * 60_000

/** The services TMDB knows in a country, each service's own priority there first. */
export const watchServicesQueryOptions = (tmdb: TmdbClient, region: string) =>
  queryOptions({
    queryKey: ['tmdb', 'watch-services', region],
    queryFn: async ({ signal }) => {
      const { results } = await tmdb.getWatchServices(region, { signal })
      const priority = (service: (typeof results)[number]) =>
        service.display_priorities?.[region] ?? service.display_priority ?? Infinity
      return [...results].sort(
        (a, b) => priority(a) - priority(b) || a.provider_name.localeCompare(b.provider_name, 'en'),
      )
    },
    staleTime: DAY_MS,
  })

export const watchRegionsQueryOptions = (tmdb: TmdbClient) =>
  queryOptions({
    queryKey: ['tmdb', 'watch-regions'],
    queryFn: ({ signal }) => tmdb.getWatchRegions({ signal }),
    staleTime: DAY_MS,
  })

export const movieWatchProvidersQueryOptions = (tmdb: TmdbClient, movieId: number) =>
  queryOptions({
    queryKey: ['tmdb', 'movie-watch-providers', movieId],
    queryFn: ({ signal }) => paced(() => tmdb.getMovieWatchProviders(movieId, { signal }), signal),
    staleTime: 60 * 60_000,
  })
