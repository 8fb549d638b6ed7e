/**
 * What each user keeps in storage under a key of their own (their lists, their choices): the
 * key, and keeping a store of it in step with the session.
 */
import { useSessionStore, type CurrentUser } from '@/lib/session/session-store'
import { onStoredChange } from '@/lib/storage'

/** A user's key: the prefix and the e-mail as typed at registration, lower-cased. */
export const userKey = (prefix: string, email: string) => `${prefix}:${email.trim().toLowerCase()}`

/** The signed-in user's e-mail, or null when nobody is signed in. */
export const signedInEmail = () => useSessionStore.getState().currentUser?.email ?? null

/**
 * Loads the signed-in user's value now, again whenever another user signs in or out, and when
 * another tab changes the key of the user whose value the store holds. Returns the disconnect.
 */
export function followSession({
  key,
  heldBy,
  load,
}: {
  /** The key of a user's value. */
  key: (email: string) => string
  /** Whose value the store holds: an e-mail, or null for nobody's. */
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
