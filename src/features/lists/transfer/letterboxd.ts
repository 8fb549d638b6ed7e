import Papa from 'papaparse'
import { column } from '@/features/lists/transfer/csv'
import { transferMessages } from '@/features/lists/transfer/messages'
import {
  ImportError,
  isDate,
  MAX_IMPORT_ROWS,
  type LetterboxdList,
  type LetterboxdRow,
} from '@/features/lists/transfer/plan'

const filmKey = (row: LetterboxdRow) => `${row.name}\u0000${String(row.year ?? '')}`
const timeOf = (row: LetterboxdRow) => (row.date ? Date.parse(row.date) : Number.NEGATIVE_INFINITY)

/** One row per film with its latest date: a diary logs each viewing, a seen list the last. */
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

/** `rows` dated as `dated` has them where it has a date, then the films only `dated` has. */
export function redated(
  rows: readonly LetterboxdRow[],
  dated: readonly LetterboxdRow[],
): LetterboxdRow[] {
  const films = new Map(rows.map((row) => [filmKey(row), row]))
  for (const row of dated) {
    const known = films.get(filmKey(row))
    films.set(filmKey(row), known ? { ...known, date: row.date ?? known.date } : row)
  }
  return [...films.values()]
}

/** An activity file's rows, or null without its columns; a diary's date is its Watched Date. */
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

export const isLetterboxdListExport = (text: string) =>
  /^letterboxd list export\b/i.test(text.trimStart())

const headerRow = (rows: readonly string[][], names: readonly string[], from = 0) =>
  rows.findIndex(
    (row, index) => index >= from && names.every((name) => column(row, name) !== undefined),
  )

/** A list's export, its films dated a second apart so that newest first keeps the list's order. */
export function readLetterboxdList(text: string, file = ''): LetterboxdList {
  const { data } = Papa.parse<string[]>(text, { delimiter: ',', skipEmptyLines: 'greedy' })
  const filmsHeader = headerRow(data, ['Name', 'Year'])
  const header = data[filmsHeader]
  if (!header) throw new ImportError(transferMessages.listMissingColumns)
  const films = data.slice(filmsHeader + 1)
  if (films.length > MAX_IMPORT_ROWS) throw new ImportError(transferMessages.tooManyRows)
  const cell = (row: readonly string[] | undefined, fields: readonly string[], name: string) => {
    const found = column(fields, name)
    return found === undefined ? '' : (row?.[fields.indexOf(found)]?.trim() ?? '')
  }

  const listHeaderAt = headerRow(data.slice(0, filmsHeader), ['Date', 'Name'])
  const listHeader = data[listHeaderAt] ?? []
  const listRow = listHeaderAt < 0 ? undefined : data[listHeaderAt + 1]
  const listDate = cell(listRow, listHeader, 'Date')
  const name = cell(listRow, listHeader, 'Name') || file.replace(/\.csv$/i, '') || 'Letterboxd list'
  const description = cell(listRow, listHeader, 'Description')

  const rows: (LetterboxdRow & { position: number })[] = []
  let invalid = 0
  for (const film of films) {
    const filmName = cell(film, header, 'Name')
    if (!filmName) {
      invalid++
      continue
    }
    const position = Number(cell(film, header, 'Position'))
    rows.push({
      name: filmName,
      year: yearOf(cell(film, header, 'Year')),
      date: undefined,
      position: Number.isFinite(position) && position > 0 ? position : Number.MAX_SAFE_INTEGER,
    })
  }
  rows.sort((a, b) => a.position - b.position)
  const base = isDate(listDate) ? Date.parse(listDate) : undefined
  return {
    name,
    description,
    ranked: rows.some((row) => row.position !== Number.MAX_SAFE_INTEGER),
    file,
    invalid,
    rows: rows.map(({ name: title, year }, index) => ({
      name: title,
      year,
      date:
        base === undefined
          ? undefined
          : new Date(base + (rows.length - 1 - index) * 1000).toISOString(),
    })),
  }
}
