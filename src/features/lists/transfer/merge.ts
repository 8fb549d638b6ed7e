import type { TransferEntry } from '@/features/lists/transfer/plan'

export interface MergeResult<T> {
  movies: T[]
  imported: number
  already: number
}

/** Appends the entries the list lacks, counting the rest; existing entries keep their date. */
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
