import Papa from 'papaparse'
import { column, parseCsv } from '@/features/lists/transfer/csv'
import {
  isLetterboxdListExport,
  letterboxdActivity,
  readLetterboxdList,
} from '@/features/lists/transfer/letterboxd'
import { transferMessages } from '@/features/lists/transfer/messages'
import {
  ImportError,
  isDate,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  MAX_ZIP_BYTES,
  type ImportPlan,
  type ListKind,
  type TransferEntry,
} from '@/features/lists/transfer/plan'
import * as v from '@/lib/validate'

import type { NamedListSource } from '@/features/lists/transfer/json-export'

export {
  exportFileName,
  namedExportFileName,
  toJson,
  toNamedJson,
} from '@/features/lists/transfer/json-export'

const yearOf = (date: string | null | undefined) => /^\d{4}/.exec(date ?? '')?.[0] ?? ''

/**
 * A cell a spreadsheet would read as a formula gets a leading `'`. Papaparse's own pattern
 * ends at a line break, so a title with one inside would slip through it.
 */
const FORMULA_START = /^[=+\-@\t\r]/

// CRLF, as RFC 4180 has it.
const unparse = (fields: string[], data: string[][]) =>
  Papa.unparse({ fields, data }, { newline: '\r\n', escapeFormulae: FORMULA_START })

/** Letterboxd's import format: tmdbID, Title, Year, and for the seen list WatchedDate. */
export function toLetterboxdCsv(list: ListKind, movies: readonly TransferEntry[]): string {
  const seen = list === 'seen'
  const fields = seen ? ['tmdbID', 'Title', 'Year', 'WatchedDate'] : ['tmdbID', 'Title', 'Year']
  const data = movies.map((movie) => {
    const row = [String(movie.id), movie.title, yearOf(movie.release_date)]
    if (seen) row.push(movie.added_at?.slice(0, 10) ?? '')
    return row
  })
  return unparse(fields, data)
}

/**
 * Letterboxd's list import format: its importer reads Position, tmdbID, Title and Year. Position
 * is written for every list, ranked or not: an unranked list has an order too, and the import
 * here reads it back in that order.
 */
export function toLetterboxdListCsv(list: NamedListSource): string {
  return unparse(
    ['Position', 'tmdbID', 'Title', 'Year', 'Description'],
    list.movies.map((movie, index) => [
      String(index + 1),
      String(movie.id),
      movie.title,
      yearOf(movie.release_date),
      '',
    ]),
  )
}

const jsonEntrySchema = v.object({
  id: v.unknown(),
  title: v.nullish(v.string()),
  release_date: v.nullish(v.string()),
  poster_path: v.nullish(v.string()),
  vote_average: v.nullish(v.number()),
  added_at: v.nullish(v.string()),
  position: v.nullish(v.number()),
})

const jsonExportSchema = v.object({
  format: v.literal('cinelist'),
  version: v.literal(1),
  list: v.optional(v.string()),
  movies: v.array(v.unknown()),
})

function parseId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : ''
  if (!/^\s*\d{1,10}\s*$/.test(text)) return null
  const id = Number(text)
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

function fromJson(text: string): ImportPlan {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new ImportError(transferMessages.notJson)
  }
  const parsed = v.safeParse(jsonExportSchema, json)
  if (!parsed.success) throw new ImportError(transferMessages.wrongJson)
  if (parsed.data.movies.length > MAX_IMPORT_ROWS)
    throw new ImportError(transferMessages.tooManyRows)
  const entries: Positioned[] = []
  let invalid = 0
  for (const raw of parsed.data.movies) {
    const movie = v.safeParse(jsonEntrySchema, raw)
    const id = movie.success ? parseId(movie.data.id) : null
    if (!movie.success || id === null) {
      invalid++
      continue
    }
    const { title, release_date, poster_path, vote_average, added_at, position } = movie.data
    entries.push({
      entry: {
        id,
        title: title?.trim() || `Movie ${String(id)}`,
        release_date: release_date ?? null,
        poster_path: poster_path ?? null,
        vote_average: vote_average ?? null,
        added_at: isDate(added_at) ? added_at : null,
      },
      position: position ?? undefined,
    })
  }
  return { kind: 'entries', entries: inOrder(entries), invalid }
}

interface Positioned {
  entry: TransferEntry
  position: number | undefined
}

/** A named list's file in its Position order (stable); rows without one keep their place last. */
function inOrder(rows: readonly Positioned[]): TransferEntry[] {
  const rank = (row: Positioned) =>
    row.position !== undefined && Number.isFinite(row.position)
      ? row.position
      : Number.POSITIVE_INFINITY
  return [...rows].sort((a, b) => rank(a) - rank(b)).map((row) => row.entry)
}

function fromCsv(text: string): ImportPlan {
  const { fields, data } = parseCsv(text)
  const idColumn = column(fields, 'tmdbID')
  if (!idColumn) {
    const letterboxd = letterboxdActivity(fields, data)
    if (!letterboxd) throw new ImportError(transferMessages.missingColumns)
    return { kind: 'letterboxd', ...letterboxd }
  }
  const titleColumn = column(fields, 'Title') ?? column(fields, 'Name')
  const yearColumn = column(fields, 'Year')
  const dateColumn = column(fields, 'WatchedDate') ?? column(fields, 'Date')
  const positionColumn = column(fields, 'Position')
  const entries: Positioned[] = []
  let invalid = 0
  for (const row of data) {
    const id = parseId(row[idColumn])
    if (id === null) {
      invalid++
      continue
    }
    const year = yearColumn ? row[yearColumn]?.trim() : ''
    const date = dateColumn ? row[dateColumn]?.trim() : ''
    const position = positionColumn ? row[positionColumn]?.trim() : ''
    entries.push({
      entry: {
        id,
        title: (titleColumn && row[titleColumn]?.trim()) || `Movie ${String(id)}`,
        release_date: year && /^\d{4}$/.test(year) ? year : null,
        added_at: isDate(date) ? new Date(date).toISOString() : null,
      },
      position: position ? Number(position) : undefined,
    })
  }
  return { kind: 'entries', entries: inOrder(entries), invalid }
}

// PK\3\4 opens a local file header; an empty archive holds only its end record, PK\5\6.
const isZip = (head: Uint8Array) =>
  head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5)

/** Reads an import file by its content, not its name: ZIP, JSON, a Letterboxd list, or CSV. */
export async function readImportFile(file: Blob): Promise<ImportPlan> {
  if (isZip(new Uint8Array(await file.slice(0, 4).arrayBuffer()))) {
    if (file.size > MAX_ZIP_BYTES) throw new ImportError(transferMessages.zipTooLarge)
    const { readLetterboxdZip } = await import('@/features/lists/transfer/letterboxd-zip')
    return readLetterboxdZip(new Uint8Array(await file.arrayBuffer()))
  }
  if (file.size > MAX_IMPORT_BYTES) throw new ImportError(transferMessages.tooLarge)
  return readImportText(await file.text())
}

function readImportText(content: string): ImportPlan {
  // A byte order mark (Excel writes one) is not part of the first column's name.
  const text = content.startsWith('\uFEFF') ? content.slice(1) : content
  const start = text.trimStart()
  if (!start) throw new ImportError(transferMessages.empty)
  if (start.startsWith('{') || start.startsWith('[')) return fromJson(text)
  if (isLetterboxdListExport(start)) {
    const { rows, invalid } = readLetterboxdList(text)
    return { kind: 'letterboxd', rows, invalid }
  }
  // NUL bytes never occur in text; a CSV's header has a comma unless its one column is the id.
  const header = start.split(/\r?\n/, 1)[0] ?? ''
  if (
    text.includes('\u0000') ||
    (!header.includes(',') && header.trim().toLowerCase() !== 'tmdbid')
  )
    throw new ImportError(transferMessages.notJsonOrCsv)
  return fromCsv(text)
}
