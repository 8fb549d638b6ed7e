/**
 * The session on the app's server, in server mode: ending it, and checking that the one this
 * browser shows still holds. Loaded only in that mode.
 */
import { accountMessages } from '@/features/auth/account-messages'
import { AccountRequestError, AccountServerError } from '@/features/auth/api/client'
import { getAccount } from '@/features/auth/api/get-account'
import { logOutAccount } from '@/features/auth/api/log-out'
import { useSessionStore } from '@/features/auth/session-store'
import { StorageError } from '@/lib/storage'
import { notify } from '@/lib/toast'

/** The server ended the session (expired, or ended from another device): so does this browser. */
export function endSession(): void {
  useSessionStore.getState().signOut()
  notify.error(accountMessages.sessionEnded, { id: 'session-ended' })
}

/**
 * Logs out on the server, then in this browser; offline, in this browser all the same (the
 * cookie then lapses on the server's schedule). When the server fails, nothing changes and a
 * toast says so. Returns whether the browser signed out.
 */
export async function logOutOfServer(): Promise<boolean> {
  try {
    await logOutAccount()
  } catch (error) {
    if (error instanceof AccountServerError) {
      if (!error.offline) {
        notify.error(accountMessages.serverUnreachable)
        return false
      }
      // Offline: this browser signs out all the same.
    } else if (!(error instanceof AccountRequestError)) throw error
    // A refusal can only mean there was no session there to end.
  }
  useSessionStore.getState().signOut()
  return true
}

/**
 * Signing out from the page: the lists' waiting edits are sent first (or asked about), and this
 * browser then keeps none of the user's lists. Without that code (out of reach), the log-out
 * alone. Returns whether the browser signed out.
 */
export async function signOutOfServer(): Promise<boolean> {
  const sync = await import('@/features/lists/account-sync').catch(() => null)
  return sync ? sync.signOutWithSync() : logOutOfServer()
}

/**
 * Asks the server whose session this is: an ended one signs the browser out, a renamed account
 * shows its new name. Offline or failing, the stored user stays: the next check decides.
 */
export async function checkServerSession(): Promise<void> {
  const stored = useSessionStore.getState().currentUser
  if (!stored) return
  try {
    const account = await getAccount()
    // Someone else may have signed in or out meanwhile: only their own answer counts.
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

/**
 * The lists' sync with the account, loaded once someone is signed in (now or later): a visitor
 * never downloads it. Starting it again does nothing.
 */
function startListSyncWhenSignedIn(): () => void {
  let stopped = false
  let stopSync: (() => void) | undefined
  const start = () => {
    if (stopSync || !useSessionStore.getState().currentUser) return
    void import('@/features/lists/account-sync').then(
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

/**
 * Checks the session now and whenever the tab is shown or focused again (one check at a time),
 * and starts the lists' sync once someone is signed in. Returns the stop.
 */
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
  const stopSync = startListSyncWhenSignedIn()
  window.addEventListener('focus', check)
  document.addEventListener('visibilitychange', onVisible)
  return () => {
    stopSync()
    window.removeEventListener('focus', check)
    document.removeEventListener('visibilitychange', onVisible)
  }
}
