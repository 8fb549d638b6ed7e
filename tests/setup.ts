import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { toast } from 'sonner'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { connectListSyncToSession } from '@/app/list-sync'
import { installRecorder, loadRecorder } from '@/features/lists/record-saves'
import { useSessionStore } from '@/lib/session/session-store'
import { accountServer, server } from '@/mocks/server'

// jsdom does not implement scrolling; the router's scroll restoration calls it.
Object.defineProperty(window, 'scrollTo', { value: () => undefined, writable: true })
Object.defineProperty(Element.prototype, 'scrollTo', { value: () => undefined, writable: true })

/**
 * How long a wait (findBy…, waitFor) may take in a test of `testTimeout` ms: all of the test's
 * time but a second, so that a page slow on a busy machine (a password hashed, a list matched) is
 * waited for, and a wait that fails still reports what it waited for rather than a bare timeout.
 */
const waitLimit = (testTimeout: number) => Math.max(testTimeout - 1000, testTimeout / 2)

let disconnectListSync: (() => void) | undefined

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' })
  // As the app does with accounts on the server (src/app/server-mode.ts): the lists' sync takes
  // part in sign-ins and sign-outs. Only the server-mode paths run these steps.
  disconnectListSync = connectListSyncToSession()
  // The toaster is a lazy chunk; load it up front so a test's first toast is not kept waiting
  // on a module transform.
  await import('@/components/toasts/app-toaster')
  // With accounts on the server the app installs the lists' save recorder before it renders
  // (src/app/server-mode.ts); here it is there from the start. It records nothing on a
  // static host, where no user has a sync state.
  installRecorder()
  await loadRecorder()
})
beforeEach(({ task }) => {
  configure({ asyncUtilTimeout: waitLimit(task.timeout) })
  accountServer.reset()
  localStorage.clear()
  useSessionStore.setState({ currentUser: null })
})
afterEach(() => {
  // Test files share a module graph (isolate: false): sonner would replay the toasts still
  // showing to the next file's toaster.
  toast.dismiss()
  cleanup()
  server.resetHandlers()
})
afterAll(() => {
  disconnectListSync?.()
  server.close()
})
