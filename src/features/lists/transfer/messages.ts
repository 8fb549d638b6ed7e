const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`

export const transferMessages = {
  notJson: 'This file is not valid JSON. Nothing was imported.',
  wrongJson:
    'This JSON file is not a CineList export (it needs "format": "cinelist" and a "movies" list). Nothing was imported.',
  missingColumns:
    'This CSV file needs a tmdbID column, or Letterboxd’s Date, Name, Year and Letterboxd URI columns. Nothing was imported.',
  tooLarge: 'This file is over 5 MB. Nothing was imported.',
  tooManyRows: 'This file has more than 10,000 movies. Nothing was imported.',
  empty: 'This file is empty. Nothing was imported.',
  notJsonOrCsv: 'Choose a JSON or CSV file. Nothing was imported.',
  listMissingColumns:
    'This Letterboxd list export has no Name and Year columns for its films. Nothing was imported.',
  unreadable: 'This file could not be read. Nothing was imported.',
  storageFull:
    'Browser storage is full or turned off, so nothing was imported: your list is as it was.',
  signedOut: 'Please login first',
  cancelled: 'Import cancelled. Nothing was imported.',
  matchFailed: 'TMDB could not be reached to match the titles. Nothing was imported.',
  undone: 'Import undone: your list is as it was.',
  undoFailed: 'The import could not be undone: browser storage is full or turned off.',
  matching: (done: number, total: number) =>
    `Matching with TMDB: ${done.toLocaleString('en')} of ${total.toLocaleString('en')}`,
  summary: ({
    imported,
    already,
    notFound,
    invalid,
  }: {
    imported: number
    already: number
    notFound: number
    invalid: number
  }) =>
    [
      `Imported ${imported.toLocaleString('en')}`,
      `already there ${already.toLocaleString('en')}`,
      `not found ${notFound.toLocaleString('en')}`,
      ...(invalid > 0 ? [`${count(invalid, 'row', 'rows')} skipped (invalid id)`] : []),
    ].join(' · '),
} as const
