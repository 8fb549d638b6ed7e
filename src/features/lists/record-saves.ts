import { saveRecorder } from '@/lib/movie-lists/save-recorder'
import { StorageError } from '@/lib/storage'

type Pending = typeof import('@/features/lists/sync/pending')
/** `atOnce`: in the save's own step, where a StorageError reaches it and can undo it. */
type Record = (pending: Pending, atOnce: boolean) => void

let loaded: Pending | null = null
const waiting: Record[] = []
let loading: Promise<void> | null = null

export function loadRecorder(): Promise<void> {
  loading ??= import('@/features/lists/sync/pending').then(
    (pending) => {
      loaded = pending
      for (const record of waiting.splice(0)) {
        try {
          record(pending, false)
        } catch (error) {
          // The list was saved and stays; the sync's next response brings the account's copy.
          if (!(error instanceof StorageError)) throw error
        }
      }
    },
    () => {
      loading = null
    },
  )
  return loading
}

function withPending(record: Record): void {
  if (loaded) {
    record(loaded, true)
    return
  }
  waiting.push(record)
  void loadRecorder()
}

export function installRecorder(): void {
  saveRecorder.current = {
    list: (list, email, before, after, undo) => {
      withPending((pending, atOnce) => {
        // Later, other saves may have followed this one: it stands.
        pending.recordListSave(list, email, before, after, atOnce ? undo : () => undefined)
      })
    },
    hideSeen: (email, value) => {
      withPending((pending) => {
        pending.recordHideSeen(email, value)
      })
    },
    services: (email, value) => {
      withPending((pending) => {
        pending.recordServices(email, value)
      })
    },
    named: (email, list, before, after, undo) => {
      withPending((pending, atOnce) => {
        pending.recordListSave(list, email, before, after, atOnce ? undo : () => undefined)
      })
    },
    namedMeta: (email, edit) => {
      withPending((pending) => {
        pending.recordListMeta(email, edit)
      })
    },
  }
}
