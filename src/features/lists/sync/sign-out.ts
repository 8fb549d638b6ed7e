/**
 * Signing out with accounts on the server: the waiting edits are sent first; any that could not
 * be (offline, failing) are a question before they are lost. Then this browser keeps nothing of
 * the user's lists (a shared computer), once they have synced from here at least once.
 */
import { hideSeenKey } from '@/features/lists/hide-seen'
import { confirmDialog } from '@/features/lists/sync/confirm-dialog'
import { flushPending } from '@/features/lists/sync/engine'
import { syncedLists } from '@/features/lists/sync/exchange'
import { signedInEmail } from '@/lib/session/user-storage'
import { SYNC_LISTS } from '@/shared/lists/merge'
import { readSyncState, syncStateKey } from '@/features/lists/sync/pending'
import { syncMessages } from '@/features/lists/sync/status'
import { removeStored } from '@/lib/storage'

export const signOutMessages = {
  confirm: 'Sign out anyway',
  cancel: 'Stay signed in',
} as const

/** Removes the user's lists, "Hide seen" and sync state from this browser. */
export function forgetSyncedLists(email: string): void {
  for (const name of SYNC_LISTS) removeStored(syncedLists[name].key(email))
  removeStored(hideSeenKey(email))
  removeStored(syncStateKey(email))
}

/**
 * Before a sign-out: sends what waits and, when some edits still cannot go, asks. Then `signOut`
 * (which says whether it signed out), and this browser forgets the lists it synced. Returns
 * whether the browser is signed out.
 */
export async function signOutAfterSync(signOut: () => Promise<boolean>): Promise<boolean> {
  const email = signedInEmail()
  const synced = email !== null && readSyncState(email) !== null
  if (synced) {
    const waiting = await flushPending()
    // The session had ended elsewhere (401): this browser is signed out already, and the edits
    // still waiting stay for the same person's next sign-in.
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
