/**
 * Bringing in: the first time someone signs in to a server-mode site from a browser that holds
 * lists of theirs it never synced, it offers once to add them to the account. Yes: every entry
 * goes as an edit made when it was added, so the account's later edits (a film removed since)
 * stand and a film on both is counted once. No: the choice is remembered and the lists become
 * the account's.
 */
import { readHideSeen } from '@/features/lists/hide-seen'
import { holdsLists, startListSyncState } from '@/features/lists/sync-start'
import { syncedLists } from '@/features/lists/sync/exchange'
import { SYNC_LISTS } from '@/features/lists/sync/merge'
import { readSyncState, writeSyncState, type PendingEdit } from '@/features/lists/sync/pending'
import { newSyncState } from '@/features/lists/sync/sync-state'
import { StorageError } from '@/lib/storage'
import { notify } from '@/lib/toast'

export const bringInMessages = {
  offer: 'This browser has lists saved for you. Add them to your account?',
  add: 'Add to account',
  skip: 'Don’t add',
  added: 'Lists added to your account',
  failed: 'Could not save that choice: browser storage is full or off',
} as const

/** Every entry of the user's lists, as an edit made when it was added. */
function everyEntry(email: string): PendingEdit[] {
  return SYNC_LISTS.flatMap((list) =>
    syncedLists[list].readOf(email).map((entry) => {
      const added = entry.added_at ? Date.parse(entry.added_at) : Number.NaN
      return {
        list,
        movieId: entry.id,
        present: true,
        editedAt: Number.isNaN(added) ? 0 : Math.max(0, added),
      }
    }),
  )
}

/** Adds the browser's lists to the account (sent at the next sync). */
export function bringIn(email: string): void {
  if (readSyncState(email)) return
  writeSyncState(email, {
    ...newSyncState(false),
    pending: everyEntry(email),
    hideSeen: readHideSeen(email) ? { value: true, editedAt: 0 } : null,
  })
}

/** Leaves the browser's lists out: the account's replace them at the next sync. */
export function leaveOut(email: string): void {
  if (!readSyncState(email)) writeSyncState(email, newSyncState(true))
}

/** Users offered it on this page (cleared when someone else signs in). */
const offered = new Set<string>()

export const clearOffers = () => {
  offered.clear()
}

/**
 * Starts syncing a user new to this browser's sync: at once when it holds nothing of theirs,
 * else once they answer the offer (shown once per page; a dismissed offer comes back next time).
 * `then` runs once the state is there.
 */
export function offerBringIn(email: string, then: () => void): void {
  if (!holdsLists(email)) {
    startListSyncState(email)
    return
  }
  const key = email.trim().toLowerCase()
  if (offered.has(key)) return
  offered.add(key)
  const choose = (choice: (email: string) => void, done?: string) => () => {
    try {
      choice(email)
    } catch (error) {
      if (!(error instanceof StorageError)) throw error
      offered.delete(key)
      notify.error(bringInMessages.failed)
      return
    }
    if (done) notify.success(done)
    then()
  }
  notify.message(bringInMessages.offer, {
    id: `bring-in:${key}`,
    duration: Infinity,
    action: { label: bringInMessages.add, onClick: choose(bringIn, bringInMessages.added) },
    cancel: { label: bringInMessages.skip, onClick: choose(leaveOut) },
    onDismiss: () => offered.delete(key),
  })
}
