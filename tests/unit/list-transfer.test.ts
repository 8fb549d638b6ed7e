import { createTmdbClient } from '@/lib/tmdb'
import { tmdbConfig } from '@/config/env'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import {
  exportFileName,
  readImportFile,
  toJson,
  toLetterboxdCsv,
} from '@/features/lists/transfer/formats'
import { matchLetterboxdRows } from '@/features/lists/transfer/match'
import { mergeEntries } from '@/features/lists/transfer/merge'
import type { TransferEntry } from '@/features/lists/transfer/plan'
import { searchRequest } from '@/lib/tmdb/requests'
import { db, server } from '@/mocks/server'
import { recordTmdbRequests } from '../tmdb-requests'

const client = createTmdbClient(tmdbConfig)

const SEARCH = 'https://api.themoviedb.org/3/search/movie'
const file = (text: string) => new Blob([text])
const now = new Date('2026-02-03T04:05:06.000Z')
const tricky: TransferEntry = {
  id: 11,
  title: 'Crouching "Tiger", Hidden Dragon',
  release_date: '2000-07-06',
  poster_path: '/t.jpg',
  vote_average: 7.9,
  added_at: '2025-05-01T10:00:00.000Z',
}
const plain: TransferEntry = { id: 12, title: 'Heat', release_date: '1995-12-15' }

describe('export', () => {
  it('names files by list and day', () => {
    expect(exportFileName('watchlist', 'json', now)).toBe('cinelist-watchlist-2026-02-03.json')
    expect(exportFileName('seen', 'csv', now)).toBe('cinelist-seen-2026-02-03.csv')
  })

  it('writes our JSON, which reads back the same', async () => {
    const json = JSON.parse(toJson('favorites', [tricky, plain], now)) as Record<string, unknown>
    expect(json).toMatchObject({
      format: 'cinelist',
      version: 1,
      list: 'favorites',
      exportedAt: now.toISOString(),
    })
    expect(json.movies).toEqual([
      tricky,
      {
        id: 12,
        title: 'Heat',
        release_date: '1995-12-15',
        poster_path: null,
        vote_average: null,
        added_at: null,
      },
    ])
    const plan = await readImportFile(file(toJson('favorites', [tricky], now)))
    expect(plan).toEqual({ kind: 'entries', entries: [tricky], invalid: 0 })
  })

  it('writes Letterboxd CSV, quoted where needed, with WatchedDate for the seen list', async () => {
    expect(toLetterboxdCsv('watchlist', [tricky, plain])).toBe(
      'tmdbID,Title,Year\r\n11,"Crouching ""Tiger"", Hidden Dragon",2000\r\n12,Heat,1995',
    )
    const seen = toLetterboxdCsv('seen', [tricky, plain])
    expect(seen.split('\r\n')).toEqual([
      'tmdbID,Title,Year,WatchedDate',
      '11,"Crouching ""Tiger"", Hidden Dragon",2000,2025-05-01',
      '12,Heat,1995,',
    ])
    const plan = await readImportFile(file(seen))
    if (plan.kind !== 'entries') throw new Error('read as Letterboxd')
    expect(plan.entries.map(({ id, title }) => ({ id, title }))).toEqual([
      { id: 11, title: tricky.title },
      { id: 12, title: 'Heat' },
    ])
  })
})

describe('reading an import file', () => {
  it('reads a CSV with a tmdbID column, a BOM and CRLF, skipping and counting invalid ids', async () => {
    const plan = await readImportFile(
      file('\uFEFFTitle,TMDBid\r\nAlien,348\r\nNope,abc\r\nZero,0\r\n"A, B",603\r\n\r\n'),
    )
    expect(plan).toEqual({
      kind: 'entries',
      entries: [
        { id: 348, title: 'Alien', release_date: null, added_at: null },
        { id: 603, title: 'A, B', release_date: null, added_at: null },
      ],
      invalid: 2,
    })
  })

  it.each(['watchlist.csv', 'watched.csv', 'diary.csv', 'ratings.csv'])(
    'reads Letterboxd’s %s by its Date, Name, Year and Letterboxd URI columns',
    async () => {
      const plan = await readImportFile(
        file(
          'Date,Name,Year,Letterboxd URI,Rating\n2024-01-05,"Paris, Texas",1984,https://boxd.it/1,4\n2024-02-01,Heat,,https://boxd.it/2,\n',
        ),
      )
      expect(plan).toEqual({
        kind: 'letterboxd',
        rows: [
          { name: 'Paris, Texas', year: 1984, date: '2024-01-05' },
          { name: 'Heat', year: undefined, date: '2024-02-01' },
        ],
        invalid: 0,
      })
    },
  )

  it.each([
    ['not JSON', '{"format": "cinelist", ', 'This file is not valid JSON. Nothing was imported.'],
    ['JSON of another shape', '{"movies": [1]}', /not a CineList export/],
    ['CSV without the needed columns', 'Name,Year\nHeat,1995\n', /needs a tmdbID column/],
    [
      'neither JSON nor CSV',
      'just some words',
      'Choose a JSON or CSV file, or Letterboxd’s export ZIP. Nothing was imported.',
    ],
    ['an empty file', '  \n', 'This file is empty. Nothing was imported.'],
    [
      'more than 10,000 rows',
      `tmdbID\n${'1\n'.repeat(10_001)}`,
      'This file has more than 10,000 movies. Nothing was imported.',
    ],
  ])('refuses %s with a clear message', async (_, text, message) => {
    await expect(readImportFile(file(text))).rejects.toThrow(message)
  })

  it('refuses a file over 5 MB before reading it', async () => {
    await expect(readImportFile(new Blob([new Uint8Array(5 * 1024 * 1024 + 1)]))).rejects.toThrow(
      'This file is over 5 MB. Nothing was imported.',
    )
  })
})

describe('merging an import', () => {
  it('adds what is missing after what is there, keeps existing dates, counts duplicates', () => {
    const existing = [{ ...plain, added_at: '2020-01-01T00:00:00.000Z' }]
    const result = mergeEntries(
      existing,
      [{ ...plain, added_at: '2026-01-01T00:00:00.000Z' }, tricky, tricky, { id: 13, title: 'X' }],
      now,
      (entry) => entry,
    )
    expect(result.imported).toBe(2)
    expect(result.already).toBe(2)
    expect(result.movies).toEqual([
      existing[0],
      tricky,
      { id: 13, title: 'X', added_at: now.toISOString() },
    ])
    // The list given is not changed: it is what an undo restores.
    expect(existing).toEqual([{ ...plain, added_at: '2020-01-01T00:00:00.000Z' }])
  })
})

describe('matching Letterboxd rows', () => {
  it('asks TMDB search with the name and year, takes the first result, lists what is not found', async () => {
    const asked = recordTmdbRequests('/search/movie', (url) => url.search)
    const target = db.movies.find((movie) => db.search(movie.title, 1).results[0]?.id === movie.id)
    if (!target) throw new Error('no searchable movie')
    // As Letterboxd writes it: the film's own release year.
    const year = Number(target.release_date.slice(0, 4))
    const progress: [number, number][] = []
    const result = await matchLetterboxdRows(
      [
        { name: target.title, year, date: '2024-03-04' },
        { name: 'zzqx no such film', year: undefined, date: undefined },
      ],
      {
        signal: new AbortController().signal,
        client,
        onProgress: (done, total) => progress.push([done, total]),
      },
    )
    expect(result.notFound).toEqual(['zzqx no such film'])
    expect(result.matched).toEqual([
      {
        id: target.id,
        title: target.title,
        poster_path: target.poster_path,
        release_date: target.release_date,
        vote_average: target.vote_average,
        added_at: '2024-03-04T00:00:00.000Z',
      },
    ])
    expect(progress).toEqual([
      [0, 2],
      [1, 2],
      [2, 2],
    ])
    expect(asked).toContain(
      `?${new URLSearchParams(searchRequest(target.title, 1, year).params).toString()}`,
    )
    expect(asked.some((query) => query.includes(`primary_release_year=${String(year)}`))).toBe(true)
    expect(asked.filter((query) => query.includes('no+such')).at(0)).not.toContain(
      'primary_release_year',
    )
  })

  it('keeps at most 4 searches in flight and waits when TMDB says 429', async () => {
    let inFlight = 0
    let most = 0
    let limited = 0
    server.use(
      http.get(SEARCH, async ({ request }) => {
        const name = new URL(request.url).searchParams.get('query') ?? ''
        if (name === 'row 3' && limited++ === 0) {
          return HttpResponse.json({}, { status: 429, headers: { 'Retry-After': '0' } })
        }
        inFlight++
        most = Math.max(most, inFlight)
        await new Promise((resolve) => setTimeout(resolve, 5))
        inFlight--
        return HttpResponse.json({
          page: 1,
          total_pages: 1,
          results: [{ id: Number(name.slice(4)) + 1, title: name }],
        })
      }),
    )
    const rows = Array.from({ length: 12 }, (_, index) => ({
      name: `row ${String(index)}`,
      year: undefined,
      date: undefined,
    }))
    const result = await matchLetterboxdRows(rows, { signal: new AbortController().signal, client })
    expect(result.matched.map((entry) => entry.id)).toEqual(rows.map((_, index) => index + 1))
    expect(most).toBeLessThanOrEqual(4)
    expect(limited).toBe(2)
  })

  it('stops when cancelled', async () => {
    const controller = new AbortController()
    server.use(
      http.get(SEARCH, async () => {
        controller.abort()
        await new Promise((resolve) => setTimeout(resolve, 5))
        return HttpResponse.json({ page: 1, total_pages: 1, results: [] })
      }),
    )
    await expect(
      matchLetterboxdRows([{ name: 'x', year: undefined, date: undefined }], {
        signal: controller.signal,
        client,
      }),
    ).rejects.toThrow()
  })
})
