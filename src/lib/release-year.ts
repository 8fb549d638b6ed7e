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

/** This year first, then every year back to 1900. */
export const releaseYears = (now: Date = new Date()): number[] =>
  Array.from({ length: currentYear(now) - FIRST_RELEASE_YEAR + 1 }, (_, i) => currentYear(now) - i)
