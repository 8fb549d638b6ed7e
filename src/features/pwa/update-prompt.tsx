import { pwaMessages } from '@/features/pwa/messages'
import { useUpdateState } from '@/features/pwa/update-store'

// Nothing reloads until "Reload" is pressed: a half-filled form is never lost to an update.
export function UpdatePrompt() {
  const { available, apply } = useUpdateState()
  return (
    <div role="status" aria-live="polite">
      {available && (
        <div className="flex items-center gap-3 rounded-md border border-slate-700 bg-slate-900 px-4 py-2 text-sm text-slate-100 shadow-lg">
          <p>{pwaMessages.update}</p>
          <button type="button" className="btn-primary py-1" onClick={apply}>
            {pwaMessages.reload}
          </button>
        </div>
      )}
    </div>
  )
}
