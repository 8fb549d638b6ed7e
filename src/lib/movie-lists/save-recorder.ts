import type { SyncListName, WatchService } from '@/shared/lists/merge'
import type { ListMetaEdit, NamedListKey } from '@/shared/lists/named'

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
  /** A named list's films: those that came, went or moved. */
  named: (
    email: string,
    list: NamedListKey,
    before: readonly { id: number; position: string }[],
    after: readonly { id: number; position: string }[],
    undo: () => void,
  ) => void
  namedMeta: (email: string, edit: ListMetaEdit) => void
}

export const saveRecorder: { current: SaveRecorder | null } = { current: null }
