import type { LetterboxdRow, TransferEntry } from '@/features/lists/transfer/plan'
import { tmdb, TmdbError, type TmdbClient } from '@/lib/tmdb'

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

/**
 * Matches each row through TMDB's search (its name, its year; the first result), at most
 * MATCH_CONCURRENCY at a time, in the rows' order. A 429 waits as Retry-After asks and tries
 * again; any other failure is retried twice, then ends the whole match (nothing is imported).
 */
export async function matchLetterboxdRows(
  rows: readonly LetterboxdRow[],
  {
    signal,
    onProgress,
    client = tmdb,
  }: { signal: AbortSignal; onProgress?: (done: number) => void; client?: TmdbClient },
): Promise<MatchResult> {
  // One row's failure stops the others' requests too.
  const stop = new AbortController()
  const onAbort = () => {
    stop.abort(signal.reason)
  }
  signal.addEventListener('abort', onAbort, { once: true })
  const results: (TransferEntry | null)[] = new Array<TransferEntry | null>(rows.length).fill(null)
  let next = 0
  let done = 0

  async function matchRow(row: LetterboxdRow): Promise<TransferEntry | null> {
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
          added_at: row.date ? new Date(row.date).toISOString() : null,
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
      onProgress?.(++done)
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
  const matched: TransferEntry[] = []
  const notFound: string[] = []
  results.forEach((entry, index) => {
    if (entry) matched.push(entry)
    else notFound.push(rows[index]?.name ?? '')
  })
  return { matched, notFound }
}
