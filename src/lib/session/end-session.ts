import { sessionMessages } from '@/lib/session/messages'
import { useSessionStore } from '@/lib/session/session-store'
import { notify } from '@/lib/toast'

export function endSession(): void {
  useSessionStore.getState().signOut()
  notify.error(sessionMessages.sessionEnded, { id: 'session-ended' })
}
