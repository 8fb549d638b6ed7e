/**
 * What the page does when its accounts live on the app's server, loaded only in that mode and
 * started before the app first renders (start-app.tsx): the lists' sync taking part in sign-ins
 * and sign-outs, their save recorder, ready before a signed-in person's first edit, and, once the
 * page is idle, the check that the stored session still holds (the first paint waits for no
 * request) and the lists' sync itself.
 */
import { connectListSyncToSession, loadListSync } from '@/app/list-sync'
import { installRecorder, loadRecorder } from '@/features/lists/record-saves'
import { useSessionStore } from '@/lib/session/session-store'
import { whenIdle } from '@/lib/yield-to-main'

/** The longest the session check waits for the page to be idle. */
const SESSION_CHECK_WAIT_MS = 2000

/** Resolves once a signed-in person's saves are recorded. */
export function startServerMode(): Promise<void> {
  connectListSyncToSession()
  installRecorder()
  // For whoever signs in later too, at once.
  useSessionStore.subscribe((state) => {
    if (state.currentUser) void loadRecorder()
  })
  void whenIdle(SESSION_CHECK_WAIT_MS)
    .then(() => import('@/features/auth/server-session'))
    // Its code out of reach (offline): only the check is lost, and the next visit makes it.
    .then(
      ({ watchServerSession }) => {
        watchServerSession()
        startListSyncWhenSignedIn()
      },
      () => undefined,
    )
  return useSessionStore.getState().currentUser ? loadRecorder() : Promise.resolve()
}

/**
 * The lists' sync, started once someone is signed in (now or later): a visitor never downloads
 * it. Starting it again does nothing. Returns the stop.
 */
function startListSyncWhenSignedIn(): () => void {
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
