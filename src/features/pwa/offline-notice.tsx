import { pwaMessages } from '@/features/pwa/messages'
import { useOnline } from '@/hooks/use-online'

// The live region is always there, so screen readers announce the notice when it appears.
export function OfflineNotice() {
  const online = useOnline()
  return (
    <div role="status" aria-live="polite">
      {!online && (
        <p className="rounded-md border border-slate-700 bg-slate-900 px-4 py-2 text-sm text-slate-100 shadow-lg">
          <strong className="font-semibold">{pwaMessages.offline}</strong>
          <span className="text-slate-300">{pwaMessages.offlineDetail}</span>
        </p>
      )}
    </div>
  )
}
