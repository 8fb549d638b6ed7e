import { create } from 'zustand'
import { onStoredChange, readStored, removeStored, writeStored } from '@/lib/storage'
import * as v from '@/lib/validate'

/** Behaviour §3: localStorage "currentUser" holds exactly { name, email } — never a password. */
export const CURRENT_USER_KEY = 'currentUser'

const currentUserSchema = v.object({
  name: v.withFallback(v.string(), ''),
  email: v.refine(v.string(), (email) => email !== '', 'an e-mail'),
})

export type CurrentUser = v.Infer<typeof currentUserSchema>

interface SessionState {
  currentUser: CurrentUser | null
  signIn: (user: CurrentUser) => void
  signOut: () => void
}

const readCurrentUser = () => readStored(CURRENT_USER_KEY, currentUserSchema)

/**
 * Read and written by hand rather than with zustand's persist: behaviour §3 fixes the stored
 * shape (the bare { name, email } record, not persist's { state, version }), so persist would
 * only wrap these same calls.
 */
export const useSessionStore = create<SessionState>()((set) => ({
  currentUser: readCurrentUser(),
  signIn: (user) => {
    const currentUser = { name: user.name, email: user.email }
    // Save before changing state: if storage refuses (StorageError), nothing changes.
    writeStored(CURRENT_USER_KEY, currentUser)
    set({ currentUser })
  },
  signOut: () => {
    removeStored(CURRENT_USER_KEY)
    set({ currentUser: null })
  },
}))

export type SessionStore = typeof useSessionStore

export const useCurrentUser = () => useSessionStore((state) => state.currentUser)

/**
 * Behaviour §2: the session is re-read on every route change, so a change made to storage by any
 * means shows up. Only an actual difference touches the store (and so re-renders anything).
 */
export function refreshSession(): void {
  const stored = readCurrentUser()
  const current = useSessionStore.getState().currentUser
  if (stored?.email === current?.email && stored?.name === current?.name) return
  useSessionStore.setState({ currentUser: stored })
}

/** Another tab signing in or out shows here at once. */
export function syncSessionAcrossTabs(): () => void {
  return onStoredChange((key) => key === CURRENT_USER_KEY, refreshSession)
}
