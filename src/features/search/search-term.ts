import { SEARCH_MAX_LENGTH } from '@/features/search/constants'

/**
 * The term a `?q=` value asks for, trimmed and capped. The router reads `?q=1984` as a number,
 * which is still a title to search for.
 */
export function parseSearchTerm(raw: unknown): string {
  const term = typeof raw === 'string' ? raw : typeof raw === 'number' ? String(raw) : ''
  return term.trim().slice(0, SEARCH_MAX_LENGTH)
}
