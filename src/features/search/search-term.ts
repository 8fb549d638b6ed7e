import { SEARCH_MAX_LENGTH } from '@/features/search/constants'
import { parseReleaseYear } from '@/lib/release-year'

/**
 * The term a `?q=` value asks for, trimmed and capped. The router reads `?q=1984` as a number,
 * which is still a title to search for.
 */
export function parseSearchTerm(raw: unknown): string {
  const term = typeof raw === 'string' ? raw : typeof raw === 'number' ? String(raw) : ''
  return term.trim().slice(0, SEARCH_MAX_LENGTH)
}

/**
 * The search page's parameters: the term (`?q=`) and the release year (`?year=`), each absent
 * when missing or unusable. The route's validateSearch and the entry's preload both use it.
 */
export function parseSearchPageSearch(search: Record<string, unknown>): {
  q?: string | undefined
  year?: number | undefined
} {
  const q = parseSearchTerm(search.q)
  // The keys are always returned: an omitted key would let the raw value through from the root.
  return { q: q || undefined, year: parseReleaseYear(search.year) }
}
