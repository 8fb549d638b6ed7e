import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react'
import { listProblemMessage, namedListMessages as m } from '@/features/lists/named/messages'
import type { ListDraft, ListProblem } from '@/lib/movie-lists/named-lists'
import { StorageError } from '@/lib/storage'

const LABEL = 'mb-1 block text-sm font-medium text-slate-300'

/** A list's name, description and "Ranked list": for a new list and for an edit alike. */
export function ListForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  compact = false,
  focusFirst = false,
}: {
  initial?: ListDraft
  submitLabel: string
  /** Saves the draft: a problem is shown at its field, nothing else changes. */
  onSubmit: (draft: ListDraft) => ListProblem | null
  onCancel?: () => void
  /** Only the name: the inline form of "Add to list…". */
  compact?: boolean
  /** Focus the name as the form appears, in place of the button that opened it. */
  focusFirst?: boolean
}) {
  const ids = { name: useId(), description: useId(), ranked: useId(), error: useId() }
  const [draft, setDraft] = useState<ListDraft>(
    initial ?? { name: '', description: '', ranked: false },
  )
  const [problem, setProblem] = useState<ListProblem | { field: 'storage' } | null>(null)
  const nameInput = useRef<HTMLInputElement>(null)
  const descriptionInput = useRef<HTMLTextAreaElement>(null)
  useEffect(() => {
    if (focusFirst) nameInput.current?.focus()
  }, [focusFirst])

  const submit = (event: SyntheticEvent) => {
    event.preventDefault()
    let found: ListProblem | null
    try {
      found = onSubmit(draft)
    } catch (error) {
      if (!(error instanceof StorageError)) throw error
      setProblem({ field: 'storage' })
      return
    }
    setProblem(found)
    if (found?.field === 'description') descriptionInput.current?.focus()
    else if (found) nameInput.current?.focus()
  }

  const error =
    problem === null
      ? null
      : problem.field === 'storage'
        ? m.storageFailed
        : listProblemMessage(problem)
  const at = problem?.field === 'description' ? 'description' : problem ? 'name' : null
  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      <div>
        <label htmlFor={ids.name} className={LABEL}>
          {m.name}
        </label>
        <input
          ref={nameInput}
          id={ids.name}
          className="field-input w-full"
          autoComplete="off"
          dir="auto"
          required
          value={draft.name}
          aria-invalid={at === 'name' || undefined}
          aria-describedby={at === 'name' ? ids.error : undefined}
          onChange={(event) => {
            setDraft({ ...draft, name: event.target.value })
          }}
        />
      </div>
      {!compact && (
        <>
          <div>
            <label htmlFor={ids.description} className={LABEL}>
              {m.description}
            </label>
            <textarea
              ref={descriptionInput}
              id={ids.description}
              className="field-input min-h-24 w-full"
              dir="auto"
              value={draft.description}
              aria-invalid={at === 'description' || undefined}
              aria-describedby={at === 'description' ? ids.error : undefined}
              onChange={(event) => {
                setDraft({ ...draft, description: event.target.value })
              }}
            />
          </div>
          <div className="flex items-start gap-2">
            <input
              id={ids.ranked}
              type="checkbox"
              className="mt-1 size-4 accent-brand"
              checked={draft.ranked}
              aria-describedby={`${ids.ranked}-hint`}
              onChange={(event) => {
                setDraft({ ...draft, ranked: event.target.checked })
              }}
            />
            <div>
              <label htmlFor={ids.ranked} className="text-sm font-medium text-slate-200">
                {m.ranked}
              </label>
              <p id={`${ids.ranked}-hint`} className="text-sm text-slate-400">
                {m.rankedHint}
              </p>
            </div>
          </div>
        </>
      )}
      {error && (
        <p id={ids.error} role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary text-sm">
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn-secondary text-sm" onClick={onCancel}>
            {m.cancel}
          </button>
        )}
      </div>
    </form>
  )
}
