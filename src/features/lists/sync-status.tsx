import { syncStatusText, useSyncStatus } from '@/features/lists/sync/status'

export function ListSyncStatus() {
  const text = useSyncStatus(syncStatusText)
  return (
    <p role="status" className="text-sm text-slate-300">
      {text}
    </p>
  )
}
