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
