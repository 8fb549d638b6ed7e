/**
 * What the page does when its accounts live on the app's server, loaded only in that mode and
 * started before the app first renders (start-app.tsx): the lists' save recorder, ready before a
 * signed-in person's first edit, and, once the page is idle, the check that the stored session
 * still holds (the first paint waits for no request) and the lists' sync.
 */
import { startListSyncWhenSignedIn } from '@/app/list-sync'
import { installRecorder, loadRecorder } from '@/features/lists/record-saves'
import { useSessionStore } from '@/lib/session/session-store'
import { whenIdle } from '@/lib/yield-to-main'

/** The longest the session check waits for the page to be idle. */
const SESSION_CHECK_WAIT_MS = 2000

/** Resolves once a signed-in person's saves are recorded. */
export function startServerMode(): Promise<void> {
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
