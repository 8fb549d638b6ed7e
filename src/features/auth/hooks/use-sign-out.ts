import { useNavigate } from '@tanstack/react-router'
import { accountsMode } from '@/config/accounts-mode'
import { useSessionStore } from '@/lib/session/session-store'

/**
 * Logs out and goes to the login page (behaviour §4). With accounts on the server, the lists'
 * edits are sent and the session there ends first (that code loads only in that mode).
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
    void import('@/features/auth/server-session')
      .then(
        ({ signOutOfServer }) => signOutOfServer(),
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
