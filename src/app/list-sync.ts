/**
 * The lists' sync with the account (server mode) at the session's turns. Its code loads once
 * someone signs in or is signed in: a visitor never downloads it.
 */
import { beforeSignOut, onSignIn } from '@/lib/session/session-hooks'

export const loadListSync = () => import('@/features/lists/account-sync')

/**
 * On a sign-in, the lists' sync is ready before it shows, so the first edit is already sent.
 * Before a sign-out, the lists' waiting edits are sent (or asked about), and this browser then
 * keeps none of the user's lists. Returns the disconnect.
 */
export function connectListSyncToSession(): () => void {
  const disconnects = [
    onSignIn((email) =>
      loadListSync().then(
        ({ startListSyncState }) => {
          startListSyncState(email)
        },
        // Out of reach: the sync starts once its code loads (the offer may then come first).
        () => undefined,
      ),
    ),
    beforeSignOut(async (signOut) => {
      // Without that code (out of reach), the sign-out alone.
      const sync = await loadListSync().catch(() => null)
      return sync ? sync.signOutAfterSync(signOut) : signOut()
    }),
  ]
  return () => {
    for (const disconnect of disconnects) disconnect()
  }
}
