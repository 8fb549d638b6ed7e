/** What an import file reads into, and the limits it is read within. */

export type ListKind = 'favorites' | 'watchlist' | 'seen'

/** An entry as exported and imported. */
export interface TransferEntry {
  id: number
  title: string
  poster_path?: string | null
  release_date?: string | null
  vote_average?: number | null
  added_at?: string | null
}

/** A Letterboxd row: no TMDB id, matched by a search on its name and year. */
export interface LetterboxdRow {
  name: string
  year: number | undefined
  /** When it was added (a date, or a date and time), as the file has it. */
  date: string | undefined
}

/** A list its owner made on Letterboxd (a file in the export's lists/ folder). */
export interface LetterboxdList {
  name: string
  /** Its file's name within the export. */
  file: string
  /** Its films, in the list's order. */
  rows: LetterboxdRow[]
  invalid: number
}

/** What one list gets from a Letterboxd export ZIP, and from which of its files. */
export interface LetterboxdExportPart {
  kind: ListKind
  files: string[]
  rows: LetterboxdRow[]
  invalid: number
}

/** What an import file holds, ready to merge (entries) or to match first (Letterboxd rows). */
export type ImportPlan =
  | { kind: 'entries'; entries: TransferEntry[]; invalid: number }
  | { kind: 'letterboxd'; rows: LetterboxdRow[]; invalid: number }
  | { kind: 'letterboxd-export'; parts: LetterboxdExportPart[]; lists: LetterboxdList[] }

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024
export const MAX_IMPORT_ROWS = 10_000
/** A Letterboxd export ZIP, as chosen; each file read from it is held to MAX_IMPORT_BYTES. */
export const MAX_ZIP_BYTES = 20 * 1024 * 1024
/** All the files read from one ZIP, unpacked. */
export const MAX_ZIP_UNPACKED_BYTES = 20 * 1024 * 1024

export class ImportError extends Error {
  override readonly name = 'ImportError'
}

export const isDate = (text: string | null | undefined): text is string =>
  !!text && !Number.isNaN(Date.parse(text))
