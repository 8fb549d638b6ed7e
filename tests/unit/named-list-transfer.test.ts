import { strToU8, zipSync } from 'fflate'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { tmdbConfig } from '@/config/env'
import { connectListsToSession } from '@/features/lists/connect'
import { importPlan, undoImport, type ImportResult } from '@/features/lists/transfer/apply'
import {
  namedExportFileName,
  readImportFile,
  toLetterboxdCsv,
  toLetterboxdListCsv,
  toNamedJson,
} from '@/features/lists/transfer/formats'
import { readLetterboxdList } from '@/features/lists/transfer/letterboxd'
import { matchLetterboxdRows } from '@/features/lists/transfer/match'
import type { ImportInto, TransferEntry } from '@/features/lists/transfer/plan'
import { favorites } from '@/lib/movie-lists/favorites-store'
import {
  namedLists,
  positioned,
  readEntries,
  readIndex,
  readNamedLists,
  writeEntries,
  writeIndex,
  type NamedEntry,
} from '@/lib/movie-lists/named-lists'
import { useSessionStore } from '@/lib/session/session-store'
import { createTmdbClient } from '@/lib/tmdb'
import { db } from '@/mocks/server'
import { storedLists } from '@/routes/-components/stored-lists'
import { readRealData } from '../real-data'

const EMAIL = 'alice@example.com'
const client = createTmdbClient(tmdbConfig)
const now = new Date('2026-02-03T04:05:06.000Z')
const [first, second, third] = db.movies
if (!first || !second || !third) throw new Error('short catalog')
const entryOf = (movie: typeof first): TransferEntry => ({
  id: movie.id,
  title: movie.title,
  release_date: movie.release_date,
  poster_path: movie.poster_path,
  vote_average: movie.vote_average,
  added_at: '2020-01-01T00:00:00.000Z',
})

let disconnects: (() => void)[] = []
beforeEach(() => {
  disconnects = [favorites.connect(), connectListsToSession()]
  useSessionStore.getState().signIn({ name: 'Alice', email: EMAIL })
})
afterEach(() => {
  for (const disconnect of disconnects) disconnect()
  vi.restoreAllMocks()
})

const context = () => ({
  lists: storedLists,
  tmdb: client,
  signal: new AbortController().signal,
  onProgress: () => undefined,
})
const importBlob = async (blob: Blob, into: ImportInto = 'watchlist') =>
  importPlan(await readImportFile(blob), into, context())

function makeList(name: string, movies: TransferEntry[] = [], ranked = true): string {
  const made = namedLists.create({ name, description: '', ranked })
  if (!made.ok) throw new Error(`list not made: ${JSON.stringify(made.problem)}`)
  if (movies.length > 0) namedLists.saveMovies(made.value.id, positioned(movies))
  return made.value.id
}

const REAL_LISTS = {
  'lists/2010-ranked.csv': 'letterboxd/agosvenezia/lists-2010-ranked.csv',
  'lists/365-dni-ranked.csv': 'letterboxd/agosvenezia/agosvenezia-lists-365-dni-ranked.csv',
  'lists/love-death-robots-ranked.csv':
    'letterboxd/agosvenezia/agosvenezia-lists-love-death-robots-ranked.csv',
  'lists/movies-for-crying.csv': 'letterboxd/agosvenezia/agosvenezia-lists-movies-for-crying.csv',
} as const
const realListsZip = (extra: Record<string, Uint8Array> = {}) =>
  new Blob([
    zipSync({
      'watchlist.csv': readRealData('letterboxd/extratone/watchlist.csv'),
      ...Object.fromEntries(
        Object.entries(REAL_LISTS).map(([path, real]) => [path, readRealData(real)]),
      ),
      ...extra,
    }),
  ])
const text = (path: string) => new TextDecoder().decode(readRealData(path))
/** What the list's own rows match, in its order: what its named list should hold. */
async function matchedTitles(path: string) {
  const { rows } = readLetterboxdList(text(path))
  const found = await matchLetterboxdRows(rows, { signal: new AbortController().signal, client })
  return found.matched.map((movie) => movie.title)
}

describe('a named list’s export', () => {
  const list = {
    name: 'Movies for Crying 💔',
    description: 'Sad ones.\nVery sad.',
    ranked: true,
    movies: [entryOf(third), entryOf(first)],
  }

  it('names its files by the list’s name', () => {
    expect(namedExportFileName(list.name, 'json', now)).toBe(
      'cinelist-list-movies-for-crying-2026-02-03.json',
    )
    expect(namedExportFileName('Amélie & Co: 2001', 'csv', now)).toBe(
      'cinelist-list-amelie-co-2001-2026-02-03.csv',
    )
    expect(namedExportFileName('日本の映画', 'csv', now)).toBe(
      'cinelist-list-日本の映画-2026-02-03.csv',
    )
    expect(namedExportFileName('💔 ❤️', 'json', now)).toBe('cinelist-list-list-2026-02-03.json')
  })

  it('writes our JSON with the list’s name, description, ranking and its films in order', async () => {
    const json = JSON.parse(toNamedJson(list, now)) as Record<string, unknown>
    expect(json).toEqual({
      format: 'cinelist',
      version: 1,
      list: 'named',
      name: list.name,
      description: list.description,
      ranked: true,
      exportedAt: now.toISOString(),
      movies: [
        { position: 1, ...entryOf(third) },
        { position: 2, ...entryOf(first) },
      ],
    })
    const plan = await readImportFile(new Blob([toNamedJson(list, now)]))
    expect(plan).toEqual({ kind: 'entries', entries: list.movies, invalid: 0 })
  })

  it('writes Letterboxd’s list import CSV, Position first', () => {
    const year = (movie: typeof first) => movie.release_date.slice(0, 4)
    expect(toLetterboxdListCsv(list).split('\r\n')).toEqual([
      'Position,tmdbID,Title,Year,Description',
      `1,${String(third.id)},${third.title},${year(third)},`,
      `2,${String(first.id)},${first.title},${year(first)},`,
    ])
  })

  it('writes no cell a spreadsheet would run as a formula, in either CSV', () => {
    const hostile = ['=HYPERLINK("http://x","y")', '+1', '-2+3', '@SUM(A1)', '=1\n=2', '\t=3']
    const movies = hostile.map((title, index) => ({ id: index + 1, title }))
    const listCsv = toLetterboxdListCsv({ ...list, movies })
    const plainCsv = toLetterboxdCsv('watchlist', movies)
    for (const csv of [listCsv, plainCsv]) {
      expect(csv).toContain('"\'=HYPERLINK(""http://x"",""y"")"')
      expect(csv).toContain('"\'+1"')
      expect(csv).toContain('"\'-2+3"')
      expect(csv).toContain('"\'@SUM(A1)"')
      expect(csv).toContain('"\'=1\n=2"')
      expect(csv).toContain('"\'\t=3"')
    }
  })
})

describe('import into a named list', () => {
  it('appends new films in the file’s Position order, counts those there, and Undo puts it back', async () => {
    const id = makeList('Mine', [entryOf(first)])
    const before = readEntries(EMAIL, id)
    const csv = [
      'Position,tmdbID,Title,Year,Description',
      `3,${String(third.id)},${third.title},,`,
      `1,${String(first.id)},${first.title},,`,
      `2,${String(second.id)},${second.title},,`,
    ].join('\n')
    const result = await importBlob(new Blob([csv]), { listId: id })
    expect(result.lines).toEqual(['Imported 2 · already there 1 · not found 0'])
    const after = readEntries(EMAIL, id)
    expect(after.map((movie) => movie.id)).toEqual([first.id, second.id, third.id])
    expect(after[0]).toEqual(before[0])
    // Looked up on TMDB, as any CSV's films new to a list are.
    expect(after[1]?.poster_path).toBe(second.poster_path)
    expect(readEntries(EMAIL, id).every((movie) => /^[0-9A-Za-z]+$/.test(movie.position))).toBe(
      true,
    )
    expect(storedLists.watchlist.read()).toEqual([])

    expect(undoImport(storedLists, result)).toBe('Import undone: your list is as it was.')
    expect(readEntries(EMAIL, id)).toEqual(before)
  })

  it('reads a Letterboxd list export in its order, and our named JSON', async () => {
    const id = makeList('2010')
    const result = await importBlob(
      new Blob([readRealData('letterboxd/agosvenezia/lists-2010-ranked.csv')]),
      { listId: id },
    )
    expect(result.lines).toEqual(['Imported 4 · already there 0 · not found 10'])
    expect(readEntries(EMAIL, id).map((movie) => movie.title)).toEqual(
      await matchedTitles('letterboxd/agosvenezia/lists-2010-ranked.csv'),
    )
    const json = toNamedJson(
      { name: 'x', description: '', ranked: false, movies: [entryOf(third), entryOf(first)] },
      now,
    )
    const other = makeList('Other', [entryOf(first)])
    const again = await importBlob(new Blob([json]), { listId: other })
    expect(again.lines).toEqual(['Imported 1 · already there 1 · not found 0'])
    expect(readEntries(EMAIL, other).map((movie) => movie.id)).toEqual([first.id, third.id])
  })

  const fill = (id: string, count: number) => {
    const movies = positioned(
      Array.from({ length: count }, (_, index) => ({
        id: 50_000_000 + index,
        title: `F${String(index)}`,
      })),
    )
    writeEntries(EMAIL, id, movies)
    return movies
  }
  const csvOf = (...movies: (typeof first)[]) =>
    new Blob([`tmdbID,Title\n${movies.map((movie) => `${String(movie.id)},x`).join('\n')}\n`])

  it('refuses, changing nothing, into a list of 10,000 films', async () => {
    const id = makeList('Full')
    const movies = fill(id, 10_000)
    await expect(importBlob(csvOf(first), { listId: id })).rejects.toThrow(
      'A list can hold up to 10,000 movies. Nothing was imported.',
    )
    expect(readEntries(EMAIL, id)).toEqual(movies)
  })

  it('refuses, changing nothing, what would take a list past 10,000 films', async () => {
    const id = makeList('Nearly full')
    const movies = fill(id, 9_999)
    await expect(importBlob(csvOf(first, second), { listId: id })).rejects.toThrow(
      'A list can hold up to 10,000 movies: this one would have 10,001. Nothing was imported.',
    )
    expect(readEntries(EMAIL, id)).toEqual(movies)
  })
})

describe('a Letterboxd export’s lists', () => {
  it('become named lists with their names, descriptions and order; a second import adds nothing', async () => {
    const result = await importBlob(realListsZip(), { listId: makeList('Elsewhere') })
    const lists = readNamedLists(EMAIL).filter((list) => list.name !== 'Elsewhere')
    const byName = new Map(lists.map((list) => [list.name, list]))
    expect([...byName.keys()].sort()).toEqual([
      '2010 Ranked',
      '365 dni Ranked',
      'Love, Death & Robots ❤️❌🤖 Ranked',
      'Movies for Crying 💔',
    ])
    expect(byName.get('365 dni Ranked')?.description).toBe(
      '<i>365 dni<i> movies ranked from best to worst according to my opinion.',
    )
    expect(byName.get('Movies for Crying 💔')?.description).toBe(
      "All the movies and TV shows that made me cry a lot, from <i>'sobbing uncontrollably'<i> to <i>'just quietly destroyed me'<i>.\n\n[This list is continually in progress.]",
    )
    for (const list of lists) expect(list.ranked).toBe(true)
    for (const [path, real] of Object.entries(REAL_LISTS)) {
      const { name } = readLetterboxdList(text(real), path)
      expect(byName.get(name)?.movies.map((movie) => movie.title)).toEqual(
        await matchedTitles(real),
      )
    }
    const crying = byName.get('Movies for Crying 💔')?.movies.length ?? 0
    expect(result.lines).toContain(
      `List “Movies for Crying 💔” (new): Imported ${String(crying)} · already there 0 · not found ${String(57 - crying)}`,
    )
    const watchlist = storedLists.watchlist.read()

    const again = await importBlob(realListsZip())
    expect(again.named).toEqual({ created: [], changed: [] })
    expect(again.before).toEqual({})
    expect(again.lines).toContain(
      `List “Movies for Crying 💔” (added to yours of that name): Imported 0 · already there ${String(crying)} · not found ${String(57 - crying)}`,
    )
    expect(readNamedLists(EMAIL).filter((list) => list.name !== 'Elsewhere')).toEqual(lists)
    expect(storedLists.watchlist.read()).toEqual(watchlist)

    expect(undoImport(storedLists, result)).toBe('Import undone: your lists are as they were.')
    expect(readNamedLists(EMAIL).map((list) => list.name)).toEqual(['Elsewhere'])
    expect(storedLists.watchlist.read()).toEqual([])
  }, 60_000)

  it('merges a list into the person’s of that name, whatever its case, and Undo puts it back', async () => {
    const id = makeList('2010 RANKED', [entryOf(first)], false)
    const before = readEntries(EMAIL, id)
    const result = await importBlob(
      new Blob([
        zipSync({ 'lists/2010-ranked.csv': readRealData(REAL_LISTS['lists/2010-ranked.csv']) }),
      ]),
    )
    expect(result.lines.at(-1)).toBe(
      'List “2010 RANKED” (added to yours of that name): Imported 4 · already there 0 · not found 10',
    )
    const [list, ...others] = readNamedLists(EMAIL)
    expect(others).toEqual([])
    expect(list).toMatchObject({ id, name: '2010 RANKED', ranked: false })
    expect(list?.movies.map((movie) => movie.title)).toEqual([
      first.title,
      ...(await matchedTitles(REAL_LISTS['lists/2010-ranked.csv'])),
    ])
    undoImport(storedLists, result)
    expect(readEntries(EMAIL, id)).toEqual(before)
  })

  const listFile = (name: string, films: string) =>
    strToU8(
      `Letterboxd list export v7\nDate,Name,Tags,URL,Description\n2024-01-01,"${name.replace(/"/g, '""')}",,https://boxd.it/x,\n\nPosition,Name,Year,URL,Description\n${films}`,
    )
  const film = (movie: typeof first, position = 1) =>
    `${String(position)},"${movie.title}",${movie.release_date.slice(0, 4)},https://boxd.it/f,\n`

  it('keeps a hostile name as text, without its bidi controls, cut to 100 characters', async () => {
    const html = '<img src=x onerror="alert(1)"><b>Mine</b>'
    const long = `${'Ж'.repeat(99)}👩‍👩‍👧${'x'.repeat(10_000)}`
    await importBlob(
      new Blob([
        zipSync({
          'lists/html.csv': listFile(html, film(first)),
          'lists/rtl.csv': listFile('evil\u202Egnp.exe\u2066 \u0007list', film(first)),
          'lists/long.csv': listFile(long, film(first)),
          'lists/only-controls.csv': listFile('\u202E\u202C\u0001', film(first)),
        }),
      ]),
    )
    const names = readNamedLists(EMAIL).map((list) => list.name)
    expect(names.sort()).toEqual([html, 'evilgnp.exe list', 'Ж'.repeat(99), 'only-controls'].sort())
    // The family emoji is 5 code points: cutting inside it would leave half a character.
    expect(names).not.toContain(`${'Ж'.repeat(99)}👩`)
  })

  it('refuses, changing nothing, an export that would pass 1,000 lists', async () => {
    const at = now.toISOString()
    writeIndex(
      EMAIL,
      Array.from({ length: 999 }, (_, index) => ({
        id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
        name: `List ${String(index)}`,
        description: '',
        ranked: false,
        createdAt: at,
        updatedAt: at,
      })),
    )
    const index = readIndex(EMAIL)
    await expect(
      importBlob(
        new Blob([
          zipSync({
            'watchlist.csv': readRealData('letterboxd/extratone/watchlist.csv'),
            'lists/a.csv': listFile('A', film(first)),
            'lists/b.csv': listFile('B', film(first)),
            // Already one of the person's: merged, not a new list.
            'lists/c.csv': listFile('list 5', film(first)),
          }),
        ]),
      ),
    ).rejects.toThrow(
      'You can have up to 1,000 lists: this export would make 1,001. Nothing was imported.',
    )
    expect(readIndex(EMAIL)).toEqual(index)
    expect(storedLists.watchlist.read()).toEqual([])
  })

  it('refuses, changing nothing, an export that would take a list past 10,000 films', async () => {
    const id = makeList('Big')
    const movies: NamedEntry[] = positioned(
      Array.from({ length: 9_999 }, (_, index) => ({
        id: 60_000_000 + index,
        title: `F${String(index)}`,
      })),
    )
    writeEntries(EMAIL, id, movies)
    await expect(
      importBlob(
        new Blob([
          zipSync({
            'watchlist.csv': readRealData('letterboxd/extratone/watchlist.csv'),
            'lists/big.csv': listFile('big', film(first) + film(second, 2)),
          }),
        ]),
      ),
    ).rejects.toThrow(
      'A list can hold up to 10,000 movies: “Big” would have 10,001. Nothing was imported.',
    )
    expect(readEntries(EMAIL, id)).toEqual(movies)
    expect(storedLists.watchlist.read()).toEqual([])
  })

  it('changes no list when storage refuses a named list', async () => {
    const write = localStorage.setItem.bind(localStorage)
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation((key: string, value: string) => {
      if (key.startsWith('named-list:')) throw new DOMException('full', 'QuotaExceededError')
      write(key, value)
    })
    let result: ImportResult | undefined
    await expect(importBlob(realListsZip()).then((done) => (result = done))).rejects.toThrow(
      'Browser storage is full or turned off, so nothing was imported: your lists are as they were.',
    )
    expect(result).toBeUndefined()
    expect(readNamedLists(EMAIL)).toEqual([])
    expect(storedLists.watchlist.read()).toEqual([])
  })
})
