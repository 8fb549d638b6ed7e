import { useSyncExternalStore } from 'react'

interface UpdateState {
  available: boolean
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
