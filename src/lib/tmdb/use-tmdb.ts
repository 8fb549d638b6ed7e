import { useRouteContext } from '@tanstack/react-router'
import type { TmdbClient } from '@/lib/tmdb'

/** The TMDB client of this render: the browser's, or on the server the request's own. */
export function useTmdb(): TmdbClient {
  return useRouteContext({ from: '__root__', select: (context) => context.tmdb })
}
