/**
 * The lists' save recorder with accounts on the server (src/lib/movie-lists/save-recorder.ts):
 * installed before the app first renders. What records a save (pending.ts) loads as soon as
 * someone is signed in; a save made in the moment before it has loaded (a sign-in in another
 * tab) waits for it in this page, in order. Once loaded, a save is recorded in its own step.
 */
import { saveRecorder } from '@/lib/movie-lists/save-recorder'
import { StorageError } from '@/lib/storage'

type Pending = typeof import('@/features/lists/sync/pending')
/** `atOnce`: in the save's own step, where a StorageError reaches it and can undo it. */
type Record = (pending: Pending, atOnce: boolean) => void

let loaded: Pending | null = null
const waiting: Record[] = []
let loading: Promise<void> | null = null

/** Loads what records saves (once); the saves waiting for it are then recorded. */
export function loadRecorder(): Promise<void> {
  loading ??= import('@/features/lists/sync/pending').then(
    (pending) => {
      loaded = pending
      for (const record of waiting.splice(0)) {
        try {
          record(pending, false)
        } catch (error) {
          // The list was saved and stays; the sync's next answer brings the account's copy.
          if (!(error instanceof StorageError)) throw error
        }
      }
    },
    () => {
      // Out of reach (offline before it was ever kept): the next save asks again.
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
  }
}
