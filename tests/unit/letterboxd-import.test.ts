import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { readImportFile } from '@/features/lists/transfer/formats'
import type { ImportPlan, LetterboxdRow } from '@/features/lists/transfer/plan'
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
