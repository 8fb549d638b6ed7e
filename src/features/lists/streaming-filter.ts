import { useQueries, type UseQueryResult } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { WatchProviders } from '@/lib/tmdb'
import { useTmdb } from '@/lib/tmdb/use-tmdb'
import { streamingOn } from '@/lib/watch/offers'
import { movieWatchProvidersQueryOptions } from '@/lib/watch/queries'
import { useWatchRegion } from '@/lib/watch/region'
import { useServiceIds } from '@/lib/watch/services'

export interface StreamingFilter {
  /** False until services are chosen and the region is known: then nothing is filtered. */
  active: boolean
  region: string | undefined
  keep: (movie: { id: number }) => boolean
  checked: number
  failed: number
}

/** Each film's offers (one cached, paced request per film) against the person's services. */
export function useStreamingFilter(
  movies: readonly { id: number }[],
  on: boolean,
): StreamingFilter {
  const tmdb = useTmdb()
  const serviceIds = useServiceIds()
  const region = useWatchRegion()
  const active = on && serviceIds.size > 0 && region !== undefined
  const combine = useCallback(
    (results: UseQueryResult<WatchProviders>[]) => {
      const streaming = new Set<number>()
      let done = 0
      let errors = 0
      for (const [index, result] of results.entries()) {
        const id = movies[index]?.id
        if (id === undefined) continue
        if (result.isError) errors += 1
        if (!result.data) continue
        done += 1
        if (streamingOn(result.data.results[region ?? ''], serviceIds).length > 0) streaming.add(id)
      }
      return { streaming, checked: done, failed: errors }
    },
    [movies, region, serviceIds],
  )
  const { streaming, checked, failed } = useQueries({
    queries: active ? movies.map((movie) => movieWatchProvidersQueryOptions(tmdb, movie.id)) : [],
    combine,
  })
  const keep = useCallback(
    (movie: { id: number }) => !active || streaming.has(movie.id),
    [active, streaming],
  )
  return { active, region, keep, checked, failed }
}
