import { TMDB_MAX_PAGE } from '@/lib/tmdb/requests'

// Plain code, not a schema: the entry uses it, and src/lib/validate.ts is not in the entry.
export function parsePopularPage(raw: unknown): number {
  const page = typeof raw === 'number' || typeof raw === 'string' ? Number(raw) : Number.NaN
  return Number.isInteger(page) && page >= 1 && page <= TMDB_MAX_PAGE ? page : 1
}
