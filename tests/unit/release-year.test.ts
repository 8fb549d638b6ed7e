import { describe, expect, it } from 'vitest'
import { parseReleaseYear, releaseYears } from '@/lib/release-year'
import { db } from '@/mocks/server'

const june2026 = new Date('2026-06-01T12:00:00Z')

describe('The Year filter’s choices', () => {
  it('run from this year back to 1900 on TMDB', () => {
    const years = releaseYears({}, june2026)
    expect(years[0]).toBe(2026)
    expect(years.at(-1)).toBe(1900)
    expect(years).toHaveLength(2026 - 1900 + 1)
  })

  it('are the years the demo catalog has films of, newest first', () => {
    const released = new Set(
      db.movies.map((movie) => Number(movie.release_date.slice(0, 4))).filter(Boolean),
    )
    expect(releaseYears({ demo: true }, june2026)).toEqual([...released].sort((a, b) => b - a))
  })

  it('leave a ?year= outside 1900..this year out', () => {
    expect(parseReleaseYear('1979', june2026)).toBe(1979)
    expect(parseReleaseYear('2027', june2026)).toBeUndefined()
    expect(parseReleaseYear('1899', june2026)).toBeUndefined()
    expect(parseReleaseYear('19x9', june2026)).toBeUndefined()
  })
})
