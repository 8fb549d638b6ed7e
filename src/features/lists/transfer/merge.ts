import type { TransferEntry } from '@/features/lists/transfer/plan'

export interface MergeResult<T> {
  movies: T[]
  imported: number
  already: number
}

/**
 * Adds the incoming entries the list lacks, after the ones it has. Existing entries are kept
 * as they are (their date included); an id already there, or twice in the file, is counted,
 * not added again. Entries without a date get `now`.
 */
export function mergeEntries<T extends TransferEntry>(
  existing: readonly T[],
  incoming: readonly TransferEntry[],
  now: Date,
  toEntry: (entry: TransferEntry) => T,
): MergeResult<T> {
  const ids = new Set(existing.map((entry) => entry.id))
  const added: T[] = []
  let already = 0
  const stamp = now.toISOString()
  for (const entry of incoming) {
    if (ids.has(entry.id)) {
      already++
      continue
    }
    ids.add(entry.id)
    added.push(toEntry({ ...entry, added_at: entry.added_at ?? stamp }))
  }
  return { movies: [...existing, ...added], imported: added.length, already }
}
