import { readHideSeen } from '@/features/lists/hide-seen'
import { readSyncState, writeSyncState } from '@/features/lists/sync/pending'
import { newSyncState } from '@/features/lists/sync/sync-state'
import { favorites } from '@/lib/movie-lists/favorites-store'
import { seenList, watchlist } from '@/lib/movie-lists/list-store'
import { readIndex } from '@/lib/movie-lists/named-lists'
import { StorageError } from '@/lib/storage'

export const holdsLists = (email: string): boolean =>
  [favorites, watchlist, seenList].some((list) => list.readOf(email).length > 0) ||
  readIndex(email).length > 0 ||
  readHideSeen(email)

export function startListSyncState(email: string): boolean {
  if (readSyncState(email)) return true
  if (holdsLists(email)) return false
  try {
    writeSyncState(email, newSyncState(true))
    return true
  } catch (error) {
    if (!(error instanceof StorageError)) throw error
    return false
  }
}
