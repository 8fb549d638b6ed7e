import { setHideSeen, useHideSeenStore } from '@/features/lists/hide-seen'
import { listMessages } from '@/features/lists/messages'
import { shownTo, useVisitor } from '@/lib/session/use-visitor'
import { StorageError } from '@/lib/storage'
import { notify } from '@/lib/toast'

export function HideSeenCheckbox({ className = '' }: { className?: string }) {
  const visitor = useVisitor()
  const hideSeen = useHideSeenStore((state) => state.hideSeen)
  if (visitor === null) return null
  return (
    <label
      className={`inline-flex items-center gap-2 text-sm text-slate-200 ${className}`}
      {...(visitor ? {} : shownTo('signed in'))}
    >
      <input
        type="checkbox"
        className="size-4 accent-brand"
        checked={hideSeen}
        onChange={(event) => {
          try {
            setHideSeen(event.target.checked)
          } catch (error) {
            if (!(error instanceof StorageError)) throw error
            notify.error(listMessages.hideSeenSaveFailed)
          }
        }}
      />
      Hide seen
    </label>
  )
}
