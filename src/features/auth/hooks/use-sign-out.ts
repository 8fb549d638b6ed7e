import { useNavigate } from '@tanstack/react-router'
import { accountsMode } from '@/config/accounts-mode'
import { useSessionStore } from '@/lib/session/session-store'

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
