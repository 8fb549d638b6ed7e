import { create } from 'zustand'
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware'
import { onStoredChange, readStored, removeStored, writeStored } from '@/lib/storage'
import * as v from '@/lib/validate'

/** Behaviour §3: exactly { name, email }, never a password. */
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

type PersistedSession = Pick<SessionState, 'currentUser'>

// Behaviour §3 fixes the stored shape: the bare { name, email }, not persist's { state, version }.
const currentUserStorage: PersistStorage<PersistedSession> = {
  getItem: () => ({
    state: { currentUser: readStored(CURRENT_USER_KEY, currentUserSchema) },
    version: 1,
  }),
  setItem: (_name, value: StorageValue<PersistedSession>) => {
    const user = value.state.currentUser
    if (user) writeStored(CURRENT_USER_KEY, { name: user.name, email: user.email })
    else removeStored(CURRENT_USER_KEY)
  },
  removeItem: () => {
    removeStored(CURRENT_USER_KEY)
  },
}

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      currentUser: null,
      signIn: (user) => {
        const currentUser = { name: user.name, email: user.email }
        // Save before changing state: if storage refuses (StorageError), nothing changes.
        writeStored(CURRENT_USER_KEY, currentUser)
        set({ currentUser })
      },
      signOut: () => {
        set({ currentUser: null })
      },
    }),
    {
      name: CURRENT_USER_KEY,
      storage: currentUserStorage,
      version: 1,
      partialize: (state) => ({ currentUser: state.currentUser }),
    },
  ),
)

export type SessionStore = typeof useSessionStore

export const useCurrentUser = () => useSessionStore((state) => state.currentUser)

/** Behaviour §2: re-read on every route change; only a real difference touches the store. */
export function refreshSession(): void {
  const stored = readStored(CURRENT_USER_KEY, currentUserSchema)
  const current = useSessionStore.getState().currentUser
  if (stored?.email === current?.email && stored?.name === current?.name) return
  useSessionStore.setState({ currentUser: stored })
}

export function syncSessionAcrossTabs(): () => void {
  return onStoredChange(
    (key) => key === CURRENT_USER_KEY,
    () => void useSessionStore.persist.rehydrate(),
  )
}
