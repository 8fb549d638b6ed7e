import { clearOffers, offerBringIn } from '@/features/lists/sync/bring-in'
import { exchange } from '@/features/lists/sync/exchange'
import { followAccountEvents } from '@/features/lists/sync/live'
import { EDIT_RECORDED, readSyncState, syncStateKey } from '@/features/lists/sync/pending'
import { pendingCount } from '@/features/lists/sync/sync-state'
import { useSyncStatus } from '@/features/lists/sync/status'
import { SyncError } from '@/features/lists/sync/sync-request'
import { endSession } from '@/lib/session/end-session'
import { useSessionStore } from '@/lib/session/session-store'
import { signedInEmail } from '@/lib/session/user-storage'
import { onStoredChange, StorageError } from '@/lib/storage'

export const DEBOUNCE_MS = 1000
const PERIOD_MS = 60_000
const FIRST_RETRY_MS = 2000
const MAX_RETRY_MS = 5 * 60_000

let fallbackLock: Promise<unknown> = Promise.resolve()

export function withListLock(email: string, task: () => Promise<void>): Promise<void> {
  const name = `cinelist-list-sync:${email.trim().toLowerCase()}`
  if ('locks' in navigator && typeof navigator.locks.request === 'function') {
    return navigator.locks.request(name, task)
  }
  const run = fallbackLock.then(task, task)
  fallbackLock = run.catch(() => undefined)
  return run
}

let debounceTimer: ReturnType<typeof setTimeout> | undefined
let retryTimer: ReturnType<typeof setTimeout> | undefined
let failures = 0
let running: Promise<void> | null = null
let again = false

const online = () => navigator.onLine

function refreshCount(): void {
  const email = signedInEmail()
  useSyncStatus.setState({ pending: email ? pendingCount(readSyncState(email)) : 0 })
}

function scheduleRetry(askedMs: number | null): void {
  const backoff = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** failures)
  failures += 1
  // Jitter: devices that failed together do not all come back at the same moment.
  const delay = Math.max(askedMs ?? 0, backoff / 2 + Math.random() * (backoff / 2))
  clearTimeout(retryTimer)
  retryTimer = setTimeout(() => void syncNow(), delay)
}

async function syncOnce(): Promise<void> {
  const email = signedInEmail()
  if (!email) return
  if (!readSyncState(email)) {
    offerBringIn(email, () => void syncNow())
    if (!readSyncState(email)) return
  }
  clearTimeout(retryTimer)
  try {
    await withListLock(email, () => exchange(email))
    failures = 0
    useSyncStatus.setState({ phase: 'saved', message: null })
  } catch (error) {
    if (error instanceof SyncError && error.kind === 'signed-out') {
      if (signedInEmail() === email) endSession()
      return
    }
    if (error instanceof SyncError && error.kind === 'full') {
      // Retried with the next periodic sync: only a removal can make room.
      useSyncStatus.setState({ phase: 'full', message: error.serverMessage })
      return
    }
    if (!(error instanceof SyncError || error instanceof StorageError)) throw error
    useSyncStatus.setState({
      phase:
        error instanceof SyncError && error.kind === 'offline' && !online()
          ? 'offline'
          : 'retrying',
    })
    scheduleRetry(error instanceof SyncError ? error.retryAfterMs : null)
  } finally {
    refreshCount()
  }
}

export function syncNow(): Promise<void> {
  if (running) {
    again = true
    return running
  }
  running = (async () => {
    const askedAgain = () => again
    do {
      again = false
      await syncOnce()
    } while (askedAgain())
  })().finally(() => {
    running = null
  })
  return running
}

export async function flushPending(): Promise<number> {
  clearTimeout(debounceTimer)
  await syncNow()
  const email = signedInEmail()
  return email ? pendingCount(readSyncState(email)) : 0
}

let stop: (() => void) | null = null

export function startListSync(): () => void {
  if (stop) return stop
  clearOffers()
  const soon = () => {
    refreshCount()
    clearTimeout(debounceTimer)
    debounceTimer = setTimeout(() => void syncNow(), DEBOUNCE_MS)
  }
  const now = () => void syncNow()
  const onVisible = () => {
    if (document.visibilityState === 'visible') now()
  }
  const onOffline = () => {
    useSyncStatus.setState({ phase: 'offline' })
  }
  const period = setInterval(() => {
    if (document.visibilityState === 'visible') now()
  }, PERIOD_MS)
  window.addEventListener(EDIT_RECORDED, soon)
  let stopEvents = followAccountEvents(now)
  const unsubscribes = [
    () => {
      stopEvents()
    },
    // Another tab's edit or sync: the count follows (that tab sends its own edits).
    onStoredChange((key) => {
      const email = signedInEmail()
      return email !== null && key === syncStateKey(email)
    }, refreshCount),
    useSessionStore.subscribe((state, previous) => {
      if (state.currentUser?.email === previous.currentUser?.email) return
      clearTimeout(debounceTimer)
      clearTimeout(retryTimer)
      failures = 0
      clearOffers()
      useSyncStatus.setState({ phase: 'saved', message: null })
      refreshCount()
      stopEvents()
      stopEvents = followAccountEvents(now)
      if (state.currentUser) now()
    }),
  ]
  window.addEventListener('focus', now)
  window.addEventListener('online', now)
  window.addEventListener('offline', onOffline)
  document.addEventListener('visibilitychange', onVisible)
  refreshCount()
  now()
  stop = () => {
    for (const unsubscribe of unsubscribes) unsubscribe()
    clearInterval(period)
    clearTimeout(debounceTimer)
    clearTimeout(retryTimer)
    window.removeEventListener(EDIT_RECORDED, soon)
    window.removeEventListener('focus', now)
    window.removeEventListener('online', now)
    window.removeEventListener('offline', onOffline)
    document.removeEventListener('visibilitychange', onVisible)
    stop = null
  }
  return stop
}
