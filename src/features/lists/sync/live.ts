// The server's push (GET /api/account/events): another device's change shows within a second or two.
import { readSyncState } from '@/features/lists/sync/pending'
import { signedInEmail } from '@/lib/session/user-storage'
import { ACCOUNT_API_BASE } from '@/shared/urls'

export const EVENTS_PATH = `${ACCOUNT_API_BASE}/events`

/** Opens the account's event stream while the tab is shown; `sync` runs when the account moved on. */
export function followAccountEvents(sync: () => void): () => void {
  if (typeof EventSource === 'undefined') return () => undefined
  let source: EventSource | null = null
  const close = () => {
    source?.close()
    source = null
  }
  const open = () => {
    if (source || !signedInEmail() || document.visibilityState !== 'visible') return
    const events = new EventSource(EVENTS_PATH, { withCredentials: true })
    events.addEventListener('lists', (event) => {
      const email = signedInEmail()
      if (!email) return
      let seq = Number.NaN
      try {
        seq = Number((JSON.parse(String(event.data)) as { seq?: unknown }).seq)
      } catch {
        // An event without its number still says something changed.
      }
      const since = readSyncState(email)?.since ?? 0
      if (!(seq <= since)) sync()
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
