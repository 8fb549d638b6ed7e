import { queryOptions } from '@tanstack/react-query'
import type { TmdbClient } from '@/lib/tmdb'

/** TMDB's first page of people for the name: twenty, the best known first. */
export const searchPeopleQueryOptions = (tmdb: TmdbClient, term: string) =>
  queryOptions({
    queryKey: ['tmdb', 'search', 'person', term],
    queryFn: ({ signal }) => tmdb.searchPeople(term, 1, { signal }),
    enabled: term.length > 0,
    retryOnMount: false,
  })
