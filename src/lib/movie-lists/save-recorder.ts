import type { SyncListName } from '@/shared/lists/merge'

/**
 * Records the lists' saves for the sync with the account (server mode): installed by
 * src/app/server-mode.ts before the app first renders, absent on a static host. A
 * StorageError it throws reaches the save, which `undo` has then put back.
 */
export interface SaveRecorder {
  list: (
    list: SyncListName,
    email: string,
    before: readonly { id: number }[],
    after: readonly { id: number }[],
    undo: () => void,
  ) => void
  hideSeen: (email: string, value: boolean) => void
}

export const saveRecorder: { current: SaveRecorder | null } = { current: null }
