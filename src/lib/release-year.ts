import demoCatalogYears from '@/shared/demo-catalog/years.gen.json'

/**
 * Release years people can filter by: from this year down to 1900. Plain code, no schema: the
 * entry chunk reads `?year=` with it before the app has loaded.
 */
export const FIRST_RELEASE_YEAR = 1900

export const currentYear = (now: Date = new Date()) => now.getFullYear()

/** The year a `?year=` value asks for; anything outside 1900..this year means no year. */
export function parseReleaseYear(raw: unknown, now: Date = new Date()): number | undefined {
  const year = typeof raw === 'number' || typeof raw === 'string' ? Number(raw) : Number.NaN
  return Number.isInteger(year) && year >= FIRST_RELEASE_YEAR && year <= currentYear(now)
    ? year
    : undefined
}

/**
 * The Year filter's choices, newest first: from this year back to 1900, or on the demo catalog
 * the years it has films of, so that no choice is always empty.
 */
export function releaseYears({ demo = false } = {}, now: Date = new Date()): number[] {
  const last = demo ? demoCatalogYears.last : currentYear(now)
  const first = demo ? demoCatalogYears.first : FIRST_RELEASE_YEAR
  return Array.from({ length: last - first + 1 }, (_, i) => last - i)
}
