import { syncStatusText, useSyncStatus } from '@/features/lists/sync/status'

/**
 * Whether the lists' edits have reached the account (server mode): a polite status, so a
 * change of it is announced without interrupting, and nothing changes on a plain edit.
 */
export function ListSyncStatus() {
  const text = useSyncStatus(syncStatusText)
  return (
    <p role="status" className="text-sm text-slate-300">
      {text}
    </p>
  )
}
