/**
 * The start of a person's sync in this browser (server mode): on sign-in, a browser holding none
 * of their lists starts at once, so an edit made right away is already recorded (the account's
 * lists come in at the first sync). One holding some waits for the offer to bring them in
 * (sync/bring-in.ts).
 */
import { readHideSeen } from '@/features/lists/hide-seen'
import { readSyncState, writeSyncState } from '@/features/lists/sync/pending'
import { newSyncState } from '@/features/lists/sync/sync-state'
import { favorites } from '@/lib/movie-lists/favorites-store'
import { seenList, watchlist } from '@/lib/movie-lists/list-store'
import { StorageError } from '@/lib/storage'

/** Whether this browser holds anything of the person's lists. */
export const holdsLists = (email: string): boolean =>
  [favorites, watchlist, seenList].some((list) => list.readOf(email).length > 0) ||
  readHideSeen(email)

/** Starts the sync state of a person who holds no lists here; true when it is there. */
export function startListSyncState(email: string): boolean {
  if (readSyncState(email)) return true
  if (holdsLists(email)) return false
  try {
    writeSyncState(email, newSyncState(true))
    return true
  } catch (error) {
    // Storage off or full: the sync starts when it can be saved.
    if (!(error instanceof StorageError)) throw error
    return false
  }
}
