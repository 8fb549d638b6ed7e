import { hideSeenKey } from '@/features/lists/hide-seen'
import { confirmDialog } from '@/features/lists/sync/confirm-dialog'
import { flushPending } from '@/features/lists/sync/engine'
import { syncedLists } from '@/features/lists/sync/exchange'
import { signedInEmail } from '@/lib/session/user-storage'
import { SYNC_LISTS } from '@/shared/lists/merge'
import { readSyncState, syncStateKey } from '@/features/lists/sync/pending'
import { syncMessages } from '@/features/lists/sync/status'
import { removeStored } from '@/lib/storage'
import { indexKey, readIndex, removeEntries } from '@/lib/movie-lists/named-lists'
import { servicesKey } from '@/lib/watch/services'

export const signOutMessages = {
  confirm: 'Sign out anyway',
  cancel: 'Stay signed in',
} as const

export function forgetSyncedLists(email: string): void {
  for (const name of SYNC_LISTS) removeStored(syncedLists[name].key(email))
  for (const list of readIndex(email)) removeEntries(email, list.id)
  removeStored(indexKey(email))
  removeStored(hideSeenKey(email))
  removeStored(servicesKey(email))
  removeStored(syncStateKey(email))
}

export async function signOutAfterSync(signOut: () => Promise<boolean>): Promise<boolean> {
  const email = signedInEmail()
  const synced = email !== null && readSyncState(email) !== null
  if (synced) {
    const waiting = await flushPending()
    // The session ended elsewhere (401): the edits still waiting stay for the next sign-in.
    if (!signedInEmail()) return true
    if (
      waiting > 0 &&
      !(await confirmDialog({
        question: syncMessages.unsavedSignOut(waiting),
        confirm: signOutMessages.confirm,
        cancel: signOutMessages.cancel,
      }))
    ) {
      return false
    }
  }
  const signedOut = await signOut()
  // Lists never synced from here are not the account's: they stay, to be offered next time.
  if (signedOut && synced) forgetSyncedLists(email)
  return signedOut
}
