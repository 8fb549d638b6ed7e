import { beforeSignOut, onSignIn } from '@/lib/session/session-hooks'

export const loadListSync = () => import('@/features/lists/account-sync')

export function connectListSyncToSession(): () => void {
  const disconnects = [
    onSignIn((email) =>
      loadListSync().then(
        ({ startListSyncState }) => {
          startListSyncState(email)
        },
        () => undefined,
      ),
    ),
    beforeSignOut(async (signOut) => {
      const sync = await loadListSync().catch(() => null)
      return sync ? sync.signOutAfterSync(signOut) : signOut()
    }),
  ]
  return () => {
    for (const disconnect of disconnects) disconnect()
  }
}
