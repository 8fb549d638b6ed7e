import { accountMessages } from '@/features/auth/account-messages'
import { AccountRequestError, AccountServerError } from '@/features/auth/api/client'
import { getAccount } from '@/features/auth/api/get-account'
import { logOutAccount } from '@/features/auth/api/log-out'
import { endSession } from '@/lib/session/end-session'
import { signOutGuarded } from '@/lib/session/session-hooks'
import { useSessionStore } from '@/lib/session/session-store'
import { StorageError } from '@/lib/storage'
import { notify } from '@/lib/toast'

/** Logs out on the server, then here (offline too); returns whether the browser signed out. */
export async function logOutOfServer(): Promise<boolean> {
  try {
    await logOutAccount()
  } catch (error) {
    if (error instanceof AccountServerError) {
      if (!error.offline) {
        notify.error(accountMessages.serverUnreachable)
        return false
      }
    } else if (!(error instanceof AccountRequestError)) throw error
    // A refusal can only mean there was no session there to end.
  }
  useSessionStore.getState().signOut()
  return true
}

export const signOutOfServer = (): Promise<boolean> => signOutGuarded(logOutOfServer)

export async function checkServerSession(): Promise<void> {
  const stored = useSessionStore.getState().currentUser
  if (!stored) return
  try {
    const account = await getAccount()
    // Someone else may have signed in or out meanwhile: only their own response counts.
    const current = useSessionStore.getState().currentUser
    if (current?.email !== stored.email) return
    if (account.email !== current.email || account.name !== current.name) {
      useSessionStore.getState().signIn(account)
    }
  } catch (error) {
    if (error instanceof AccountRequestError && error.status === 401) {
      if (useSessionStore.getState().currentUser?.email === stored.email) endSession()
      return
    }
    const expected =
      error instanceof AccountServerError ||
      error instanceof AccountRequestError ||
      error instanceof StorageError
    if (!expected) throw error
  }
}

export function watchServerSession(): () => void {
  let running: Promise<void> | null = null
  const check = () => {
    running ??= checkServerSession().finally(() => {
      running = null
    })
  }
  const onVisible = () => {
    if (document.visibilityState === 'visible') check()
  }
  check()
  window.addEventListener('focus', check)
  document.addEventListener('visibilitychange', onVisible)
  return () => {
    window.removeEventListener('focus', check)
    document.removeEventListener('visibilitychange', onVisible)
  }
}
