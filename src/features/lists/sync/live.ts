// The server's push (GET /api/account/events): another device's change shows within a second or two.
import { readSyncState } from '@/features/lists/sync/pending'
import { signedInEmail } from '@/lib/session/user-storage'
import { ACCOUNT_API_BASE } from '@/shared/urls'

export const EVENTS_PATH = `${ACCOUNT_API_BASE}/events`

// A sync of another tab of this browser is heard too, before that tab has saved its answer; by
// then its `since` is visible here, and the tab need not ask for what it already has.
const SETTLE_MS = 800

/** Opens the account's event stream while the tab is shown; `sync` runs when the account moved on. */
export function followAccountEvents(sync: () => void): () => void {
  if (typeof EventSource === 'undefined') return () => undefined
  let source: EventSource | null = null
  let latest = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  const close = () => {
    clearTimeout(timer)
    timer = undefined
    source?.close()
    source = null
  }
  const behind = () => {
    const email = signedInEmail()
    return email !== null && !(latest <= (readSyncState(email)?.since ?? 0))
  }
  const open = () => {
    if (source || !signedInEmail() || document.visibilityState !== 'visible') return
    const events = new EventSource(EVENTS_PATH, { withCredentials: true })
    events.addEventListener('lists', (event) => {
      let seq = Number.NaN
      try {
        seq = Number((JSON.parse(String(event.data)) as { seq?: unknown }).seq)
      } catch {
        // An event without its number still says something changed.
      }
      const known = Number.isFinite(seq)
      if (known) latest = Math.max(latest, seq)
      if (known && !behind()) return
      // One sync for a burst of events: a stream of them does not put it off.
      timer ??= setTimeout(() => {
        timer = undefined
        if (!known || behind()) sync()
      }, SETTLE_MS)
    })
    // Reopened by the browser after a dropped connection; a refusal (signed out) ends it.
    events.addEventListener('error', () => {
      if (events.readyState === EventSource.CLOSED && source === events) source = null
    })
    source = events
  }
  const onVisibility = () => {
    if (document.visibilityState === 'visible') open()
    else close()
  }
  document.addEventListener('visibilitychange', onVisibility)
  open()
  return () => {
    document.removeEventListener('visibilitychange', onVisibility)
    close()
  }
}
