import { connectListSyncToSession, loadListSync } from '@/app/list-sync'
import { installRecorder, loadRecorder } from '@/features/lists/record-saves'
import { useSessionStore } from '@/lib/session/session-store'
import { whenIdle } from '@/lib/yield-to-main'

const SESSION_CHECK_WAIT_MS = 2000

/** Resolves once a signed-in person's saves are recorded. */
export function startServerMode(): Promise<void> {
  connectListSyncToSession()
  installRecorder()
  useSessionStore.subscribe((state) => {
    if (state.currentUser) void loadRecorder()
  })
  void whenIdle(SESSION_CHECK_WAIT_MS)
    .then(() => import('@/features/auth/server-session'))
    .then(
      ({ watchServerSession }) => {
        watchServerSession()
        startListSyncWhenSignedIn()
      },
      () => undefined,
    )
  return useSessionStore.getState().currentUser ? loadRecorder() : Promise.resolve()
}

function startListSyncWhenSignedIn(): () => void {
  let stopped = false
  let stopSync: (() => void) | undefined
  const start = () => {
    if (stopSync || !useSessionStore.getState().currentUser) return
    void loadListSync().then(
      ({ startListSync }) => {
        if (!stopped) stopSync ??= startListSync()
      },
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
