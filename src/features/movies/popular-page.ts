import { TMDB_MAX_PAGE } from '@/lib/tmdb/requests'

/**
 * The Popular Movies page a `?page=` value asks for: anything that is not a page TMDB serves
 * means page 1. (Plain code rather than a schema: the entry chunk uses it, and the schemas of
 * src/lib/validate.ts are not there.)
 */
export function parsePopularPage(raw: unknown): number {
  const page = typeof raw === 'number' || typeof raw === 'string' ? Number(raw) : Number.NaN
  return Number.isInteger(page) && page >= 1 && page <= TMDB_MAX_PAGE ? page : 1
}
