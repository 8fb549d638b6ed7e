import { queryOptions } from '@tanstack/react-query'
import type { TmdbClient } from '@/lib/tmdb'

export const personQueryOptions = (tmdb: TmdbClient, personId: number) =>
  queryOptions({
    queryKey: ['tmdb', 'person', personId],
    queryFn: ({ signal }) => tmdb.getPerson(personId, { signal }),
    staleTime: 60 * 60_000,
  })
