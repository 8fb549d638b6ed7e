import { useNavigate } from '@tanstack/react-router'
import { accountsMode } from '@/config/accounts-mode'
import { useSessionStore } from '@/features/auth/session-store'

/**
 * Logs out and goes to the login page (behaviour §4). With accounts on the server, the lists'
 * edits are sent and the session there ends first (that code loads only in that mode), and
 * this browser keeps none of the user's lists.
 */
export function useSignOut() {
  const signOut = useSessionStore((state) => state.signOut)
  const navigate = useNavigate()
  return () => {
    if (accountsMode() === 'local') {
      signOut()
      void navigate({ to: '/login' })
      return
    }
    // The lists' waiting edits are sent first (or, offline, asked about).
    void import('@/features/lists/account-sync')
      .then(
        ({ signOutWithSync }) => signOutWithSync(),
        // Offline before that code could even load: this browser signs out all the same.
        () => {
          signOut()
          return true
        },
      )
      .then((signedOut) => {
        if (signedOut) void navigate({ to: '/login' })
      })
  }
}
