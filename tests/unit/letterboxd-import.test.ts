import { strToU8, Zip, ZipDeflate, zipSync } from 'fflate'
import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { readImportFile } from '@/features/lists/transfer/formats'
import type { ImportPlan, LetterboxdRow } from '@/features/lists/transfer/plan'
import { EXPORT_FOLDER, letterboxdExportZip, ZIP_BOMB_CSV } from '../letterboxd-export'
import { readRealData } from '../real-data'

const blob = (bytes: Uint8Array<ArrayBuffer> | string) => new Blob([bytes])
const rowsOf = (plan: ImportPlan): LetterboxdRow[] => {
  if (plan.kind !== 'letterboxd') throw new Error(`read as ${plan.kind}`)
  return plan.rows
}
const dateOf = (rows: readonly LetterboxdRow[], name: string) =>
  rows.find((row) => row.name === name)?.date

describe('a Letterboxd diary', () => {
  const diary = readRealData('letterboxd/extratone/diary.csv')

  it('dates each film by the day it was watched, the latest of its rewatches', async () => {
    const rows = rowsOf(await readImportFile(blob(diary)))
    const logged = Papa.parse<Record<string, string>>(new TextDecoder().decode(diary), {
      header: true,
      skipEmptyLines: 'greedy',
    }).data
    const latestWatched = new Map<string, string>()
    for (const entry of logged) {
      const key = `${entry.Name ?? ''} ${entry.Year ?? ''}`
      const watched = entry['Watched Date'] ?? ''
      if (watched > (latestWatched.get(key) ?? '')) latestWatched.set(key, watched)
    }
    expect(logged).toHaveLength(317)
    expect(rows).toHaveLength(293)
    expect(rows.map((row) => `${row.name} ${String(row.year ?? '')}: ${row.date ?? ''}`)).toEqual(
      [...latestWatched].map(([key, watched]) => `${key}: ${watched}`),
    )
    // Logged 2017-12-31, watched 2017-09-30.
    expect(dateOf(rows, 'Christine')).toBe('2017-09-30')
    // Watched in 2001 (logged in 2023), then again on 2023-08-06.
    expect(dateOf(rows, 'The Spirit of St. Louis')).toBe('2023-08-06')
    expect(dateOf(rows, 'Inception')).toBe('2024-03-18')
  })
})

describe('a Letterboxd list export', () => {
  it('reads the films in the list’s order, dated the list’s day, position 1 the latest', async () => {
    const rows = rowsOf(
      await readImportFile(blob(readRealData('letterboxd/agosvenezia/lists-2010-ranked.csv'))),
    )
    expect(rows.map((row) => row.name)).toEqual([
      'Beginners',
      'Blue Valentine',
      'Love & Other Drugs',
      'The Class: Life After',
      'The Social Network',
      'Letters to Juliet',
      '127 Hours',
      'Never Let Me Go',
      'Just Like Me',
      'Remember Me',
      'Carancho',
      'The Screamers',
      'Scott Pilgrim vs. the World',
      'Thin Watermelon',
    ])
    expect(rows.every((row) => row.year === 2010)).toBe(true)
    expect(rows[0]?.date).toBe('2024-06-07T00:00:13.000Z')
    expect(rows.at(-1)?.date).toBe('2024-06-07T00:00:00.000Z')
  })

  it('follows Position, not the lines, and reads descriptions over several lines', async () => {
    const text = [
      'Letterboxd list export v7,,,,',
      'Date,Name,Tags,URL,Description',
      '2021-11-06,My Favourites,"best, rewatchable",https://boxd.it/l,"A list,',
      'over two lines."',
      '',
      'Position,Name,Year,URL,Description',
      '2,Alien,1979,https://boxd.it/a,"Still holds up,',
      '',
      'every time"',
      '1,The Shining,1980,https://boxd.it/s,',
      ',,,,',
    ].join('\r\n')
    const rows = rowsOf(await readImportFile(blob(text)))
    expect(rows).toEqual([
      { name: 'The Shining', year: 1980, date: '2021-11-06T00:00:01.000Z' },
      { name: 'Alien', year: 1979, date: '2021-11-06T00:00:00.000Z' },
    ])
  })
})

describe('a Letterboxd export ZIP', () => {
  it('reads the watchlist, the seen films dated by the diary, and the lists', async () => {
    const plan = await readImportFile(blob(letterboxdExportZip()))
    if (plan.kind !== 'letterboxd-export') throw new Error(`read as ${plan.kind}`)
    const [watchlist, seen, favorites] = plan.parts
    expect(watchlist).toMatchObject({ kind: 'watchlist', files: ['watchlist.csv'], invalid: 0 })
    expect(watchlist?.rows).toHaveLength(113)
    expect(seen).toMatchObject({ kind: 'seen', files: ['watched.csv', 'diary.csv'], invalid: 0 })
    // Every film of the diary is in watched.csv: one row each.
    expect(seen?.rows).toHaveLength(408)
    // watched.csv says 2017-12-15 (when it was first marked); the diary, watched 2024-03-18.
    expect(dateOf(seen?.rows ?? [], 'Inception')).toBe('2024-03-18')
    // Not in the diary: watched.csv's date.
    expect(dateOf(seen?.rows ?? [], 'La La Land')).toBe('2017-12-15')
    expect(favorites).toEqual({ kind: 'favorites', files: [], rows: [], invalid: 0 })
    expect(plan.lists.map(({ name, file, rows }) => ({ name, file, films: rows.length }))).toEqual([
      { name: '2010 Ranked', file: '2010-ranked.csv', films: 14 },
    ])
  })

  it('reads a ZIP written as a stream (sizes after the data), skipping macOS’s own files', async () => {
    const chunks: Uint8Array<ArrayBuffer>[] = []
    const zip = new Zip((error, chunk) => {
      if (error) throw error
      chunks.push(new Uint8Array(chunk))
    })
    const add = (name: string, text: string) => {
      const file = new ZipDeflate(name)
      zip.add(file)
      file.push(strToU8(text), true)
    }
    add(
      'likes/films.csv',
      'Date,Name,Year,Letterboxd URI\n2024-02-01,Heat,1995,https://boxd.it/h\n',
    )
    add('__MACOSX/._likes', 'resource fork')
    add('._watchlist.csv', 'resource fork')
    zip.end()
    const plan = await readImportFile(new Blob(chunks))
    if (plan.kind !== 'letterboxd-export') throw new Error(`read as ${plan.kind}`)
    expect(plan.parts.find((part) => part.kind === 'favorites')).toEqual({
      kind: 'favorites',
      files: ['likes/films.csv'],
      rows: [{ name: 'Heat', year: 1995, date: '2024-02-01' }],
      invalid: 0,
    })
  })

  const bomb = ZIP_BOMB_CSV
  /** The archive with every file's declared size replaced, as a forged one would have it. */
  const declaring = (zip: Uint8Array, size: number) => {
    const forged = zip.slice()
    const view = new DataView(forged.buffer)
    for (let at = 0; at + 4 <= forged.length; at++)
      if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, size, true)
    return forged
  }
  const real = letterboxdExportZip()

  it.each<[string, Uint8Array<ArrayBuffer>, string]>([
    [
      'a ZIP with no Letterboxd file',
      zipSync({ 'notes.txt': strToU8('hello'), 'films/watched.csv': strToU8('x') }),
      'This ZIP file is not a Letterboxd export: it has no watchlist.csv, watched.csv, diary.csv, likes/films.csv or lists. Nothing was imported.',
    ],
    [
      'a damaged ZIP (cut short)',
      real.slice(0, real.length / 2),
      'This ZIP file is damaged and could not be read. Nothing was imported.',
    ],
    [
      'a ZIP whose data does not inflate',
      (() => {
        const zip = zipSync({ 'watched.csv': readRealData('letterboxd/extratone/watched.csv') })
        // The first block's type (after the 30-byte header and the name): 3, which is none.
        zip[30 + 'watched.csv'.length] = 0b111
        return zip
      })(),
      'This ZIP file is damaged and could not be read. Nothing was imported.',
    ],
    [
      'a ZIP bomb',
      zipSync({ 'watched.csv': bomb }, { level: 9 }),
      'watched.csv in this ZIP file unpacks to over 5 MB. Nothing was imported.',
    ],
    [
      'a ZIP bomb declaring a small size',
      declaring(zipSync({ 'watched.csv': bomb }, { level: 9 }), 1000),
      'watched.csv in this ZIP file unpacks to over 5 MB. Nothing was imported.',
    ],
    [
      'a ZIP whose files unpack to over 20 MB together',
      zipSync(
        Object.fromEntries(
          ['a', 'b', 'c', 'd', 'e'].map((name) => [
            `lists/${name}.csv`,
            bomb.subarray(0, 4_500_000),
          ]),
        ),
      ),
      'This ZIP file unpacks to over 20 MB. Nothing was imported.',
    ],
    [
      'a Letterboxd file without its columns',
      zipSync({ [`${EXPORT_FOLDER}watched.csv`]: strToU8('Film,When\nHeat,1995\n') }),
      'watched.csv in this ZIP file: This CSV file needs a tmdbID column, or Letterboxd’s Date, Name, Year and Letterboxd URI columns. Nothing was imported.',
    ],
  ])('refuses %s with a clear message', async (_, zip, message) => {
    await expect(readImportFile(blob(zip))).rejects.toThrow(message)
  })

  it('refuses a ZIP over 20 MB before reading it', async () => {
    const big = new Uint8Array(20 * 1024 * 1024 + 1)
    big.set(real.subarray(0, 4))
    await expect(readImportFile(blob(big))).rejects.toThrow(
      'This ZIP file is over 20 MB. Nothing was imported.',
    )
  })
})
