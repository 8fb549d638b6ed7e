import demoCatalogYears from '@/shared/demo-catalog/years.gen.json'

// Plain code, no schema: the entry chunk reads `?year=` with it before the app has loaded.
export const FIRST_RELEASE_YEAR = 1900

export const currentYear = (now: Date = new Date()) => now.getFullYear()

export function parseReleaseYear(raw: unknown, now: Date = new Date()): number | undefined {
  const year = typeof raw === 'number' || typeof raw === 'string' ? Number(raw) : Number.NaN
  return Number.isInteger(year) && year >= FIRST_RELEASE_YEAR && year <= currentYear(now)
    ? year
    : undefined
}

/** The Year filter's choices; on the demo catalog only its films' years, so none is empty. */
export function releaseYears({ demo = false } = {}, now: Date = new Date()): number[] {
  if (demo) return [...demoCatalogYears]
  const last = currentYear(now)
  return Array.from({ length: last - FIRST_RELEASE_YEAR + 1 }, (_, i) => last - i)
}
