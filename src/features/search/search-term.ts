import { SEARCH_MAX_LENGTH } from '@/features/search/constants'
import { parseReleaseYear } from '@/lib/release-year'

/** Trimmed and capped; the router reads `?q=1984` as a number, still a title to search for. */
export function parseSearchTerm(raw: unknown): string {
  const term = typeof raw === 'string' ? raw : typeof raw === 'number' ? String(raw) : ''
  return term.trim().slice(0, SEARCH_MAX_LENGTH)
}

/** Films unless `?type=person`: any other value is the spec's search for films. */
export type SearchType = 'movie' | 'person'

export function parseSearchPageSearch(search: Record<string, unknown>): {
  q?: string | undefined
  year?: number | undefined
  type?: 'person' | undefined
} {
  const q = parseSearchTerm(search.q)
  if (search.type === 'person') return { q: q || undefined, type: 'person' }
  return { q: q || undefined, year: parseReleaseYear(search.year) }
}
