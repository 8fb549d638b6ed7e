import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { createPortal } from 'react-dom'
import { ListForm } from '@/features/lists/named/list-form'
import { namedListMessages as m } from '@/features/lists/named/messages'
import {
  namedLists,
  reloadNamedLists,
  useNamedLists,
  type MovieProblem,
} from '@/lib/movie-lists/named-lists'
import type { ListEntry } from '@/lib/movie-lists/list-store'
import { StorageError } from '@/lib/storage'

export interface AddToListDialogProps {
  movie: Omit<ListEntry, 'added_at'>
  onClose: () => void
}

/** A modal dialog: a checkbox per list, checked where the film is, and "New list…". */
export function AddToListDialog({ movie, onClose }: AddToListDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const headingId = useId()
  const lists = useNamedLists((state) => state.lists)
  const [creating, setCreating] = useState(false)
  const [said, setSaid] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const newButton = useRef<HTMLButtonElement>(null)

  const closed = useRef(false)
  const close = useCallback(() => {
    if (closed.current) return
    closed.current = true
    if (dialog.current?.open && typeof dialog.current.close === 'function') dialog.current.close()
    onClose()
  }, [onClose])

  useEffect(() => {
    reloadNamedLists()
    const element = dialog.current
    if (!element) return
    if (typeof element.showModal === 'function') {
      if (!element.open) element.showModal()
    } else element.setAttribute('open', '')
    // Escape closes a modal dialog by itself: its focus then goes back to the button.
    element.addEventListener('close', close)
    return () => {
      element.removeEventListener('close', close)
    }
  }, [close])

  const change = (run: () => MovieProblem | 'duplicate' | null, done: string) => {
    try {
      const result = run()
      if (result && result !== 'duplicate') {
        setProblem(m.movieProblems[result])
        return false
      }
    } catch (error) {
      if (!(error instanceof StorageError)) throw error
      setProblem(m.storageFailed)
      return false
    }
    setProblem(null)
    setSaid(done)
    return true
  }

  return createPortal(
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key !== 'Escape') return
        event.preventDefault()
        close()
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] space-y-4 rounded-xl border border-slate-700 bg-slate-900 p-6 text-slate-100 backdrop:bg-black/60"
    >
      <h2 id={headingId} className="text-lg font-semibold text-white wrap-break-word">
        {m.dialogTitle(movie.title)}
      </h2>
      {lists.length > 0 && (
        <fieldset className="max-h-[50vh] space-y-2 overflow-y-auto">
          <legend className="sr-only">{m.title}</legend>
          {lists.map((list) => {
            const listed = list.movies.some((entry) => entry.id === movie.id)
            return (
              <label key={list.id} className="flex items-center gap-3 text-slate-100">
                <input
                  type="checkbox"
                  className="size-4 accent-brand"
                  checked={listed}
                  onChange={(event) => {
                    if (event.target.checked)
                      change(() => namedLists.add(list.id, movie), m.added(movie.title, list.name))
                    else
                      change(
                        () => namedLists.removeMovie(list.id, movie.id),
                        m.removed(movie.title, list.name),
                      )
                  }}
                />
                <span dir="auto" className="min-w-0 wrap-break-word">
                  {list.name}
                </span>
                <span className="ms-auto text-sm text-slate-400">
                  {m.movieCount(list.movies.length)}
                </span>
              </label>
            )
          })}
        </fieldset>
      )}
      {creating ? (
        <ListForm
          compact
          focusFirst
          submitLabel={m.create}
          onSubmit={(draft) => {
            const made = namedLists.create(draft)
            if (!made.ok) return made.problem
            change(
              () => namedLists.add(made.value.id, movie),
              m.added(movie.title, made.value.name),
            )
            setCreating(false)
            requestAnimationFrame(() => newButton.current?.focus())
            return null
          }}
          onCancel={() => {
            setCreating(false)
            requestAnimationFrame(() => newButton.current?.focus())
          }}
        />
      ) : (
        <button
          ref={newButton}
          type="button"
          className="btn-secondary text-sm"
          onClick={() => {
            setCreating(true)
          }}
        >
          {m.newListInline}
        </button>
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-300">
          {problem}
        </p>
      )}
      <p role="status" className="sr-only">
        {said}
      </p>
      <div className="flex justify-end">
        <button type="button" className="btn-primary text-sm" onClick={close}>
          {m.close}
        </button>
      </div>
    </dialog>,
    document.body,
  )
}
