/**
 * Letterboxd's own export files: the activity files (watchlist, watched, diary, likes, ratings).
 * They name films, not TMDB ids: each row is matched through TMDB search.
 */
import { column } from '@/features/lists/transfer/csv'
import { isDate, type LetterboxdRow } from '@/features/lists/transfer/plan'

const filmKey = (row: LetterboxdRow) => `${row.name}\u0000${String(row.year ?? '')}`
const timeOf = (row: LetterboxdRow) => (row.date ? Date.parse(row.date) : Number.NEGATIVE_INFINITY)

/**
 * One row per film, where it first appears, with its latest date: a diary logs each viewing,
 * and a seen list keeps when the film was last seen.
 */
export function latestPerFilm(rows: readonly LetterboxdRow[]): LetterboxdRow[] {
  const films = new Map<string, LetterboxdRow>()
  for (const row of rows) {
    const key = filmKey(row)
    const known = films.get(key)
    if (!known) films.set(key, row)
    else if (timeOf(row) > timeOf(known)) films.set(key, { ...known, date: row.date })
  }
  return [...films.values()]
}

/**
 * The rows of an activity file (Date, Name, Year, Letterboxd URI…), or null when it lacks
 * those columns. A diary's date is the day the film was watched (Watched Date), not the day it
 * was logged (Date).
 */
export function letterboxdActivity(
  fields: readonly string[],
  data: readonly Record<string, string | undefined>[],
): { rows: LetterboxdRow[]; invalid: number } | null {
  const nameColumn = column(fields, 'Name')
  const yearColumn = column(fields, 'Year')
  if (!nameColumn || !yearColumn || !column(fields, 'Letterboxd URI')) return null
  const dateColumn = column(fields, 'Watched Date') ?? column(fields, 'Date')
  const rows: LetterboxdRow[] = []
  let invalid = 0
  for (const row of data) {
    const name = row[nameColumn]?.trim()
    if (!name) {
      invalid++
      continue
    }
    const date = dateColumn ? row[dateColumn]?.trim() : ''
    rows.push({ name, year: yearOf(row[yearColumn]), date: isDate(date) ? date : undefined })
  }
  return { rows: latestPerFilm(rows), invalid }
}

function yearOf(text: string | undefined) {
  const year = Number(text?.trim())
  return Number.isInteger(year) && year > 1800 ? year : undefined
}
