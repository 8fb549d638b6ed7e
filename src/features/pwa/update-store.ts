import { useSyncExternalStore } from 'react'

/**
 * Whether a new version of the app is waiting, and how to switch to it. Set by the service
 * worker's registration (./start.tsx), read by the update prompt.
 */
interface UpdateState {
  available: boolean
  /** Lets the waiting version take over; the page reloads once it has. */
  apply: () => void
}

let state: UpdateState = { available: false, apply: () => undefined }
const listeners = new Set<() => void>()

export const updateStore = {
  get: (): UpdateState => state,
  set: (next: UpdateState): void => {
    state = next
    for (const listener of listeners) listener()
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  },
}

export const useUpdateState = (): UpdateState =>
  useSyncExternalStore(updateStore.subscribe, updateStore.get, updateStore.get)
