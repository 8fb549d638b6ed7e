import type { SyncListName, WatchService } from '@/shared/lists/merge'

/** Installed by src/app/server-mode.ts; a StorageError it throws reaches the save, undone by `undo`. */
export interface SaveRecorder {
  list: (
    list: SyncListName,
    email: string,
    before: readonly { id: number }[],
    after: readonly { id: number }[],
    undo: () => void,
  ) => void
  hideSeen: (email: string, value: boolean) => void
  services: (email: string, value: WatchService[]) => void
}

export const saveRecorder: { current: SaveRecorder | null } = { current: null }
