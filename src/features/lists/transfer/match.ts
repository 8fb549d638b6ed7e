import type { LetterboxdRow, TransferEntry } from '@/features/lists/transfer/plan'
import { TmdbError, type TmdbClient } from '@/lib/tmdb'

export const MATCH_CONCURRENCY = 4
/** A 429's Retry-After is honoured up to this long. */
const MAX_WAIT_MS = 60_000
const MAX_TRIES = 3

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        reject(signal.reason as Error)
      },
      { once: true },
    )
  })

export interface MatchResult {
  matched: TransferEntry[]
  notFound: string[]
}

type FoundMovie = Omit<TransferEntry, 'added_at'>

interface MatchOptions {
  signal: AbortSignal
  /** Titles matched so far, of all those to match (called with 0 first). */
  onProgress?: (done: number, total: number) => void
  client: TmdbClient
}

const titleKey = (row: LetterboxdRow) => `${row.name}\u0000${String(row.year ?? '')}`

/** Matches each set's rows through TMDB search; a title in several sets is searched once. */
export async function matchLetterboxdRowSets(
  sets: readonly (readonly LetterboxdRow[])[],
  options: MatchOptions,
): Promise<MatchResult[]> {
  const titles = new Map<string, LetterboxdRow>()
  for (const row of sets.flat()) if (!titles.has(titleKey(row))) titles.set(titleKey(row), row)
  const rows = [...titles.values()]
  const found = await searchEach(rows, options)
  const byTitle = new Map(rows.map((row, index) => [titleKey(row), found[index] ?? null]))
  return sets.map((set) => {
    const result: MatchResult = { matched: [], notFound: [] }
    for (const row of set) {
      const movie = byTitle.get(titleKey(row))
      if (!movie) result.notFound.push(row.name)
      else
        result.matched.push({
          ...movie,
          added_at: row.date ? new Date(row.date).toISOString() : null,
        })
    }
    return result
  })
}

export async function matchLetterboxdRows(
  rows: readonly LetterboxdRow[],
  options: MatchOptions,
): Promise<MatchResult> {
  const [result] = await matchLetterboxdRowSets([rows], options)
  return result ?? { matched: [], notFound: [] }
}

async function searchRow(
  client: TmdbClient,
  row: LetterboxdRow,
  signal: AbortSignal,
): Promise<FoundMovie | null> {
  const page = await client.searchMovies(row.name, 1, { signal, year: row.year })
  const first = page.results[0]
  if (!first) return null
  return {
    id: first.id,
    title: first.title?.trim() || row.name,
    poster_path: first.poster_path ?? null,
    release_date: first.release_date ?? null,
    vote_average: first.vote_average ?? null,
  }
}

const searchEach = (rows: readonly LetterboxdRow[], options: MatchOptions) =>
  eachFromTmdb(rows, (row, signal) => searchRow(options.client, row, signal), options)

/** Completes entries known by id alone from TMDB; an id TMDB does not know keeps the file's. */
export function lookUpEntries(
  entries: readonly TransferEntry[],
  options: MatchOptions,
): Promise<TransferEntry[]> {
  return eachFromTmdb(
    entries,
    async (entry, signal) => {
      try {
        const movie = await options.client.getMovie(entry.id, { signal })
        return {
          ...entry,
          title: movie.title?.trim() || entry.title,
          poster_path: movie.poster_path ?? null,
          release_date: movie.release_date || entry.release_date || null,
          vote_average: movie.vote_average ?? null,
        }
      } catch (error) {
        if (error instanceof TmdbError && error.status === 404) return entry
        throw error
      }
    },
    options,
  )
}

// Any failure but a 429 is retried, then ends the whole run: an import adds all or nothing.
async function eachFromTmdb<Item, Result>(
  items: readonly Item[],
  ask: (item: Item, signal: AbortSignal) => Promise<Result>,
  { signal, onProgress }: MatchOptions,
): Promise<Result[]> {
  // One item's failure stops the others' requests too.
  const stop = new AbortController()
  const onAbort = () => {
    stop.abort(signal.reason)
  }
  signal.addEventListener('abort', onAbort, { once: true })
  const results = new Array<Result>(items.length)
  let next = 0
  let done = 0
  onProgress?.(0, items.length)

  async function askWithRetries(item: Item): Promise<Result> {
    const itemSignal = stop.signal
    for (let tries = 0; ;) {
      itemSignal.throwIfAborted()
      try {
        return await ask(item, itemSignal)
      } catch (error) {
        if (itemSignal.aborted) throw error
        if (error instanceof TmdbError && error.status === 429) {
          await sleep(Math.min((error.retryAfter ?? 1) * 1000, MAX_WAIT_MS), itemSignal)
          continue
        }
        if (++tries >= MAX_TRIES) throw error
        await sleep(500 * 2 ** tries, itemSignal)
      }
    }
  }

  async function worker() {
    while (next < items.length) {
      const index = next++
      const item = items[index]
      if (item === undefined) continue
      results[index] = await askWithRetries(item)
      onProgress?.(++done, items.length)
    }
  }

  try {
    await Promise.all(Array.from({ length: Math.min(MATCH_CONCURRENCY, items.length) }, worker))
  } catch (error) {
    stop.abort(error)
    throw error
  } finally {
    signal.removeEventListener('abort', onAbort)
  }
  return results
}
