import type { ListKind } from '@/features/lists/transfer/plan'
import { MAX_NAMED_LIST_ENTRIES, MAX_NAMED_LISTS } from '@/shared/lists/named'

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`

const MAX_ENTRIES = count(MAX_NAMED_LIST_ENTRIES, 'movie', 'movies')
const MAX_LISTS = count(MAX_NAMED_LISTS, 'list', 'lists')

export interface ImportCounts {
  imported: number
  already: number
  notFound: number
  invalid: number
}

export const LIST_NAMES = { watchlist: 'Watchlist', seen: 'Seen', favorites: 'Favorites' } as const

const summary = ({ imported, already, notFound, invalid }: ImportCounts) =>
  [
    `Imported ${imported.toLocaleString('en')}`,
    `already there ${already.toLocaleString('en')}`,
    `not found ${notFound.toLocaleString('en')}`,
    ...(invalid > 0 ? [`${count(invalid, 'row', 'rows')} skipped (invalid id)`] : []),
  ].join(' · ')

export const transferMessages = {
  notJson: 'This file is not valid JSON. Nothing was imported.',
  wrongJson:
    'This JSON file is not a CineList export (it needs "format": "cinelist" and a "movies" list). Nothing was imported.',
  missingColumns:
    'This CSV file needs a tmdbID column, or Letterboxd’s Date, Name, Year and Letterboxd URI columns. Nothing was imported.',
  tooLarge: 'This file is over 5 MB. Nothing was imported.',
  tooManyRows: 'This file has more than 10,000 movies. Nothing was imported.',
  empty: 'This file is empty. Nothing was imported.',
  notJsonOrCsv: 'Choose a JSON or CSV file, or Letterboxd’s export ZIP. Nothing was imported.',
  listMissingColumns:
    'This Letterboxd list export has no Name and Year columns for its films. Nothing was imported.',
  zipTooLarge: 'This ZIP file is over 20 MB. Nothing was imported.',
  zipUnpacksTooLarge: 'This ZIP file unpacks to over 20 MB. Nothing was imported.',
  zipFileTooLarge: (file: string) =>
    `${file} in this ZIP file unpacks to over 5 MB. Nothing was imported.`,
  zipDamaged: 'This ZIP file is damaged and could not be read. Nothing was imported.',
  notLetterboxdZip:
    'This ZIP file is not a Letterboxd export: it has no watchlist.csv, watched.csv, diary.csv, likes/films.csv or lists. Nothing was imported.',
  inZipFile: (file: string, message: string) => `${file} in this ZIP file: ${message}`,
  unreadable: 'This file could not be read. Nothing was imported.',
  storageFull:
    'Browser storage is full or turned off, so nothing was imported: your list is as it was.',
  storageFullAll:
    'Browser storage is full or turned off, so nothing was imported: your lists are as they were.',
  signedOut: 'Please login first',
  cancelled: 'Import cancelled. Nothing was imported.',
  matchFailed: 'TMDB could not be reached to match the titles. Nothing was imported.',
  undone: 'Import undone: your list is as it was.',
  undoneAll: 'Import undone: your lists are as they were.',
  undoFailed: 'The import could not be undone: browser storage is full or turned off.',
  matching: (done: number, total: number) =>
    `Matching with TMDB: ${done.toLocaleString('en')} of ${total.toLocaleString('en')}`,
  summary,
  exportIntro: 'Letterboxd export imported into all three lists, not only this page’s:',
  exportPart: (kind: ListKind, files: readonly string[], counts: ImportCounts) =>
    files.length === 0
      ? `${LIST_NAMES[kind]}: nothing in this export`
      : `${LIST_NAMES[kind]} (${files.join(', ')}): ${summary(counts)}`,
  namedList: (name: string, created: boolean, counts: ImportCounts) =>
    `List “${name}” (${created ? 'new' : 'added to yours of that name'}): ${summary(counts)}`,
  listFull: `A list can hold up to ${MAX_ENTRIES}. Nothing was imported.`,
  listWouldBeFull: (films: number) =>
    `A list can hold up to ${MAX_ENTRIES}: this one would have ${films.toLocaleString('en')}. Nothing was imported.`,
  zipListTooLong: (name: string, films: number) =>
    `A list can hold up to ${MAX_ENTRIES}: “${name}” would have ${films.toLocaleString('en')}. Nothing was imported.`,
  zipTooManyLists: (lists: number) =>
    `You can have up to ${MAX_LISTS}: this export would make ${lists.toLocaleString('en')}. Nothing was imported.`,
  listMissing: 'This list no longer exists. Nothing was imported.',
  listNotSaved: (name: string) =>
    `The list “${name}” could not be saved, so nothing was imported: your lists are as they were.`,
} as const
