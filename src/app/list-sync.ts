/**
 * The lists' sync with the account (server mode) at the session's turns. Its code loads once
 * someone signs in or is signed in: a visitor never downloads it.
 */
import { beforeSignOut, onSignIn } from '@/lib/session/session-hooks'
import { useSessionStore } from '@/lib/session/session-store'

const loadListSync = () => import('@/features/lists/account-sync')

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

/**
 * The lists' sync, started once someone is signed in (now or later). Starting it again does
 * nothing. Returns the stop.
 */
export function startListSyncWhenSignedIn(): () => void {
  let stopped = false
  let stopSync: (() => void) | undefined
  const start = () => {
    if (stopSync || !useSessionStore.getState().currentUser) return
    void loadListSync().then(
      ({ startListSync }) => {
        if (!stopped) stopSync ??= startListSync()
      },
      // Out of reach (offline): the next sign-in or visit starts it.
      () => undefined,
    )
  }
  start()
  const unsubscribe = useSessionStore.subscribe(start)
  return () => {
    stopped = true
    unsubscribe()
    stopSync?.()
  }
}
