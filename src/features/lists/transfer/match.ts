import type { LetterboxdRow, TransferEntry } from '@/features/lists/transfer/plan'
import { TmdbError, type TmdbClient } from '@/lib/tmdb'

/** TMDB's searches in flight at once during an import. */
export const MATCH_CONCURRENCY = 4
/** Waits asked by 429s are honoured, up to this long each. */
const MAX_WAIT_MS = 60_000
/** A row that keeps failing (not a 429) stops the import after this many tries. */
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

/** A film as TMDB's search found it; when it was added comes from its row. */
type FoundMovie = Omit<TransferEntry, 'added_at'>

interface MatchOptions {
  signal: AbortSignal
  /** Titles matched so far, of all those to match (called with 0 first). */
  onProgress?: (done: number, total: number) => void
  client: TmdbClient
}

const titleKey = (row: LetterboxdRow) => `${row.name}\u0000${String(row.year ?? '')}`

/**
 * Matches several files' rows (or one file's) through TMDB's search: a title in more than one
 * is searched once. Each result holds its rows' matches, dated as each row is, and the names
 * of those not found.
 */
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

/** One file's rows: see matchLetterboxdRowSets. */
export async function matchLetterboxdRows(
  rows: readonly LetterboxdRow[],
  options: MatchOptions,
): Promise<MatchResult> {
  const [result] = await matchLetterboxdRowSets([rows], options)
  return result ?? { matched: [], notFound: [] }
}

/**
 * Searches TMDB for each row (its name, its year; the first result), at most
 * MATCH_CONCURRENCY at a time, in the rows' order. A 429 waits as Retry-After asks and tries
 * again; any other failure is retried twice, then ends the whole match (nothing is imported).
 */
async function searchEach(
  rows: readonly LetterboxdRow[],
  { signal, onProgress, client }: MatchOptions,
): Promise<(FoundMovie | null)[]> {
  // One row's failure stops the others' requests too.
  const stop = new AbortController()
  const onAbort = () => {
    stop.abort(signal.reason)
  }
  signal.addEventListener('abort', onAbort, { once: true })
  const results = new Array<FoundMovie | null>(rows.length).fill(null)
  let next = 0
  let done = 0
  onProgress?.(0, rows.length)

  async function matchRow(row: LetterboxdRow): Promise<FoundMovie | null> {
    const rowSignal = stop.signal
    for (let tries = 0; ;) {
      rowSignal.throwIfAborted()
      try {
        const page = await client.searchMovies(row.name, 1, { signal: rowSignal, year: row.year })
        const first = page.results[0]
        if (!first) return null
        return {
          id: first.id,
          title: first.title?.trim() || row.name,
          poster_path: first.poster_path ?? null,
          release_date: first.release_date ?? null,
          vote_average: first.vote_average ?? null,
        }
      } catch (error) {
        if (rowSignal.aborted) throw error
        if (error instanceof TmdbError && error.status === 429) {
          await sleep(Math.min((error.retryAfter ?? 1) * 1000, MAX_WAIT_MS), rowSignal)
          continue
        }
        if (++tries >= MAX_TRIES) throw error
        await sleep(500 * 2 ** tries, rowSignal)
      }
    }
  }

  async function worker() {
    while (next < rows.length) {
      const index = next++
      const row = rows[index]
      if (!row) continue
      results[index] = await matchRow(row)
      onProgress?.(++done, rows.length)
    }
  }

  try {
    await Promise.all(Array.from({ length: Math.min(MATCH_CONCURRENCY, rows.length) }, worker))
  } catch (error) {
    stop.abort(error)
    throw error
  } finally {
    signal.removeEventListener('abort', onAbort)
  }
  return results
}
