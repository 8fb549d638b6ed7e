import { useSessionStore, type CurrentUser } from '@/lib/session/session-store'
import { onStoredChange } from '@/lib/storage'

/** The e-mail as typed at registration, lower-cased. */
export const userKey = (prefix: string, email: string) => `${prefix}:${email.trim().toLowerCase()}`

export const signedInEmail = () => useSessionStore.getState().currentUser?.email ?? null

/** Loads the signed-in user's value, again at each sign-in or out and another tab's change. */
export function followSession({
  key,
  heldBy,
  load,
}: {
  key: (email: string) => string
  heldBy: () => string | null
  load: (user: CurrentUser | null) => void
}): () => void {
  load(useSessionStore.getState().currentUser)
  const unsubscribeSession = useSessionStore.subscribe((state, previous) => {
    if (state.currentUser?.email !== previous.currentUser?.email) load(state.currentUser)
  })
  const unsubscribeStorage = onStoredChange(
    (changed) => {
      const email = heldBy()
      return email !== null && changed === key(email)
    },
    () => {
      load(useSessionStore.getState().currentUser)
    },
  )
  return () => {
    unsubscribeSession()
    unsubscribeStorage()
  }
}
