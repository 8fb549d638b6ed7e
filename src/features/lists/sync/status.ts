/**
 * How the sync stands, for the account page: the engine sets it, the page reads it. Quiet on
 * purpose: an edit made while online does not change what it says.
 */
import { create } from 'zustand'

export type SyncPhase = 'saved' | 'offline' | 'retrying'

interface SyncStatus {
  phase: SyncPhase
  /** Edits waiting to be sent (one per entry, and "Hide seen"). */
  pending: number
}

export const useSyncStatus = create<SyncStatus>()(() => ({ phase: 'saved', pending: 0 }))

export const syncMessages = {
  saved: 'All changes saved',
  offline: (count: number) => `Offline: ${count} ${count === 1 ? 'change' : 'changes'} waiting`,
  retrying: 'Could not save changes: retrying',
  /** The sign-out question when edits have not reached the account. */
  unsavedSignOut: (count: number) =>
    `${count} ${count === 1 ? 'change is' : 'changes are'} not saved to your account yet. Sign out anyway?`,
} as const

/** What the account page says. */
export function syncStatusText({ phase, pending }: SyncStatus): string {
  if (phase === 'retrying' && pending > 0) return syncMessages.retrying
  if (phase === 'offline' && pending > 0) return syncMessages.offline(pending)
  return syncMessages.saved
}
