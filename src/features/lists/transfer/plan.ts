export type ListKind = 'favorites' | 'watchlist' | 'seen'

export interface TransferEntry {
  id: number
  title: string
  poster_path?: string | null
  release_date?: string | null
  vote_average?: number | null
  added_at?: string | null
}

export interface LetterboxdRow {
  name: string
  year: number | undefined
  date: string | undefined
}

export interface LetterboxdList {
  name: string
  description: string
  /** Letterboxd writes no such flag: a list whose films have positions is taken as ranked. */
  ranked: boolean
  file: string
  rows: LetterboxdRow[]
  invalid: number
}

export interface LetterboxdExportPart {
  kind: ListKind
  files: string[]
  rows: LetterboxdRow[]
  invalid: number
}

/** Where a file is imported: one of the three lists, or one of the person's own lists. */
export type ImportInto = ListKind | { listId: string }

export type ImportPlan =
  | { kind: 'entries'; entries: TransferEntry[]; invalid: number }
  | { kind: 'letterboxd'; rows: LetterboxdRow[]; invalid: number }
  | { kind: 'letterboxd-export'; parts: LetterboxdExportPart[]; lists: LetterboxdList[] }

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024
export const MAX_IMPORT_ROWS = 10_000
/** The ZIP as chosen; each file read from it is held to MAX_IMPORT_BYTES. */
export const MAX_ZIP_BYTES = 20 * 1024 * 1024
/** All the files read from one ZIP, unpacked: a ZIP bomb stops here. */
export const MAX_ZIP_UNPACKED_BYTES = 20 * 1024 * 1024

export class ImportError extends Error {
  override readonly name = 'ImportError'
}

export const isDate = (text: string | null | undefined): text is string =>
  !!text && !Number.isNaN(Date.parse(text))
