import { transferMessages } from '@/features/lists/transfer/messages'
import { ImportError, type ListKind, type TransferEntry } from '@/features/lists/transfer/plan'
import { StorageError } from '@/lib/storage'

export interface StoredList {
  /** The list as stored now; null when nobody is signed in. */
  read: () => TransferEntry[] | null
  replace: (movies: TransferEntry[]) => void
}

export type StoredLists = Record<ListKind, StoredList>

export type ListContents = Partial<Record<ListKind, TransferEntry[]>>

export function readLists(lists: StoredLists, kinds: readonly ListKind[]): ListContents {
  const contents: ListContents = {}
  for (const kind of kinds) {
    const movies = lists[kind].read()
    if (!movies) throw new ImportError(transferMessages.signedOut)
    contents[kind] = movies
  }
  return contents
}

/** Saves every list of `changes` or, restoring `before`, none; ImportError says `failure`. */
export function saveLists(
  lists: StoredLists,
  changes: ListContents,
  before: ListContents,
  failure: string,
): void {
  const written: ListKind[] = []
  try {
    for (const [kind, movies] of Object.entries(changes) as [ListKind, TransferEntry[]][]) {
      lists[kind].replace(movies)
      written.push(kind)
    }
  } catch (error) {
    if (!(error instanceof StorageError)) throw error
    for (const kind of written) {
      const movies = before[kind]
      try {
        if (movies) lists[kind].replace(movies)
      } catch {
        // Storage that refused a write may refuse this one too: nothing more can be done.
      }
    }
    throw new ImportError(failure, { cause: error })
  }
}
