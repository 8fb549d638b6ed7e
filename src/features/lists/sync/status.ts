// Quiet on purpose: an edit made while online does not change what it says.
import { create } from 'zustand'

export type SyncPhase = 'saved' | 'offline' | 'retrying' | 'full'

interface SyncStatus {
  phase: SyncPhase
  pending: number
  message: string | null
}

export const useSyncStatus = create<SyncStatus>()(() => ({
  phase: 'saved',
  pending: 0,
  message: null,
}))

export const syncMessages = {
  saved: 'All changes saved',
  offline: (count: number) => `Offline: ${count} ${count === 1 ? 'change' : 'changes'} waiting`,
  retrying: 'Could not save changes: retrying',
  full: 'Your lists are full: remove some entries to save the rest',
  unsavedSignOut: (count: number) =>
    `${count} ${count === 1 ? 'change is' : 'changes are'} not saved to your account yet. Sign out anyway?`,
} as const

export function syncStatusText({ phase, pending, message }: SyncStatus): string {
  if (phase === 'full' && pending > 0) return message ?? syncMessages.full
  if (phase === 'retrying' && pending > 0) return syncMessages.retrying
  if (phase === 'offline' && pending > 0) return syncMessages.offline(pending)
  return syncMessages.saved
}
