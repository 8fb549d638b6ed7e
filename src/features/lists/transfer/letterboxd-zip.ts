import { parseCsv } from '@/features/lists/transfer/csv'
import {
  letterboxdActivity,
  readLetterboxdList,
  redated,
} from '@/features/lists/transfer/letterboxd'
import { transferMessages } from '@/features/lists/transfer/messages'
import {
  ImportError,
  MAX_IMPORT_BYTES,
  MAX_ZIP_UNPACKED_BYTES,
  type ImportPlan,
  type LetterboxdExportPart,
  type LetterboxdList,
  type ListKind,
} from '@/features/lists/transfer/plan'
import {
  listZipEntries,
  readZipEntry,
  ZipError,
  type ZipEntry,
} from '@/features/lists/transfer/zip'

const ACTIVITY_FILES: readonly (readonly [path: string, kind: ListKind])[] = [
  ['watchlist.csv', 'watchlist'],
  ['watched.csv', 'seen'],
  // After watched.csv: a film in both takes the diary's date, the day it was last watched.
  ['diary.csv', 'seen'],
  ['likes/films.csv', 'favorites'],
]
const LIST_FILE = /^lists\/[^/]+\.csv$/i

const isExportFile = (path: string) =>
  ACTIVITY_FILES.some(([activityPath]) => activityPath === path) || LIST_FILE.test(path)

// A re-zipped export sits in one folder, and macOS adds __MACOSX/ and ._ files of its own.
function exportFiles(entries: readonly ZipEntry[]): Map<string, ZipEntry> {
  const files = entries.filter(
    (entry) =>
      !entry.name.endsWith('/') &&
      !entry.name.startsWith('__MACOSX/') &&
      !/(^|\/)\._/.test(entry.name),
  )
  const top = /^[^/]+\//.exec(files[0]?.name ?? '')?.[0] ?? ''
  const inOneFolder =
    files.every((entry) => entry.name.startsWith(top)) &&
    !files.some((entry) => isExportFile(entry.name))
  const start = inOneFolder ? top.length : 0
  return new Map(
    files.map((entry) => [entry.name.slice(start), { ...entry, name: entry.name.slice(start) }]),
  )
}

function zipMessage(error: ZipError): string {
  if (error.reason === 'damaged') return transferMessages.zipDamaged
  return error.file
    ? transferMessages.zipFileTooLarge(error.file)
    : transferMessages.zipUnpacksTooLarge
}

/** Reads the export's files within the limits; throws ImportError with what is wrong. */
export function readLetterboxdZip(zip: Uint8Array): ImportPlan {
  try {
    return readExport(zip)
  } catch (error) {
    if (error instanceof ZipError) throw new ImportError(zipMessage(error), { cause: error })
    throw error
  }
}

function readExport(zip: Uint8Array): ImportPlan {
  const files = exportFiles(listZipEntries(zip))
  const activity = ACTIVITY_FILES.filter(([path]) => files.has(path))
  const listPaths = [...files.keys()].filter((path) => LIST_FILE.test(path)).sort()
  if (activity.length === 0 && listPaths.length === 0)
    throw new ImportError(transferMessages.notLetterboxdZip)

  const texts = new Map<string, string>()
  let unpacked = 0
  for (const path of [...activity.map(([activityPath]) => activityPath), ...listPaths]) {
    const entry = files.get(path)
    if (!entry) continue
    const bytes = readZipEntry(zip, entry, MAX_IMPORT_BYTES)
    unpacked += bytes.length
    if (unpacked > MAX_ZIP_UNPACKED_BYTES) throw new ZipError('too-large')
    texts.set(path, new TextDecoder().decode(bytes).replace(/^\uFEFF/, ''))
  }
  const read = <T>(path: string, reader: (text: string) => T): T => {
    try {
      return reader(texts.get(path) ?? '')
    } catch (error) {
      if (!(error instanceof ImportError)) throw error
      throw new ImportError(transferMessages.inZipFile(path, error.message), { cause: error })
    }
  }

  const parts: LetterboxdExportPart[] = (['watchlist', 'seen', 'favorites'] as const).map(
    (kind) => ({ kind, files: [], rows: [], invalid: 0 }),
  )
  for (const [path, kind] of activity) {
    const found = read(path, (text) => {
      const { fields, data } = parseCsv(text)
      const rows = letterboxdActivity(fields, data)
      if (!rows) throw new ImportError(transferMessages.missingColumns)
      return rows
    })
    const part = parts.find((candidate) => candidate.kind === kind)
    if (!part) continue
    part.files.push(path)
    part.rows = redated(part.rows, found.rows)
    part.invalid += found.invalid
  }
  const lists: LetterboxdList[] = listPaths.map((path) =>
    read(path, (text) => readLetterboxdList(text, path.slice('lists/'.length))),
  )
  return { kind: 'letterboxd-export', parts, lists }
}
