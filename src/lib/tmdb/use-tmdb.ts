import { useRouteContext } from '@tanstack/react-router'
import type { TmdbClient } from '@/lib/tmdb'

export function useTmdb(): TmdbClient {
  return useRouteContext({ from: '__root__', select: (context) => context.tmdb })
}
