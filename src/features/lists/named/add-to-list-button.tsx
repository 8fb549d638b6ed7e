import { useHydrated } from '@tanstack/react-router'
import { useRef, useState, type ComponentType } from 'react'
import { listMessages } from '@/features/lists/messages'
import type { AddToListDialogProps } from '@/features/lists/named/add-to-list-dialog'
import { signedInEmail } from '@/lib/session/user-storage'
import type { MovieSummary } from '@/lib/tmdb'
import { notify } from '@/lib/toast'

let loadedDialog: ComponentType<AddToListDialogProps> | null = null

/** "Add to list…": the dialog and the lists' code load with the first press. */
export function AddToListButton({
  movie,
  title,
  describedBy,
  className,
  tabIndex,
  onFocus,
}: {
  movie: Pick<MovieSummary, 'id' | 'poster_path' | 'release_date' | 'vote_average'>
  title: string
  describedBy?: string | undefined
  className: string
  tabIndex?: number
  onFocus?: () => void
}) {
  const hydrated = useHydrated()
  const button = useRef<HTMLButtonElement>(null)
  const [Dialog, setDialog] = useState<ComponentType<AddToListDialogProps> | null>(null)
  const [open, setOpen] = useState(false)
  const openDialog = async () => {
    if (!signedInEmail()) {
      notify.error(listMessages.loginFirst)
      return
    }
    if (!loadedDialog) {
      try {
        loadedDialog = (await import('@/features/lists/named/add-to-list-dialog')).AddToListDialog
      } catch {
        notify.error(listMessages.dialogFailed)
        return
      }
    }
    setDialog(() => loadedDialog)
    setOpen(true)
  }
  return (
    <>
      <button
        ref={button}
        type="button"
        disabled={!hydrated}
        aria-haspopup="dialog"
        aria-describedby={describedBy}
        tabIndex={tabIndex}
        onFocus={onFocus}
        className={className}
        onClick={() => void openDialog()}
      >
        Add to list…
      </button>
      {open && Dialog && (
        <Dialog
          movie={{ ...movie, title }}
          onClose={() => {
            setOpen(false)
            button.current?.focus()
          }}
        />
      )}
    </>
  )
}
