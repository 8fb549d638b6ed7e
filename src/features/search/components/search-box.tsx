import { useId } from 'react'
import { SEARCH_DEBOUNCE_MS, SEARCH_MAX_LENGTH } from '@/features/search/constants'
import { searchMessages } from '@/features/search/messages'
import { useDebouncedCallback } from '@/hooks/use-debounced-callback'
import { useDraft } from '@/hooks/use-draft'
import { useKeptValue } from '@/hooks/use-kept-value'

const SEARCH_FIELD_NAME = 'q'

export function SearchBox({
  term,
  onTermChange,
  label = 'Movie title',
  placeholder = searchMessages.placeholder,
}: {
  term: string
  onTermChange: (term: string) => void
  label?: string
  placeholder?: string
}) {
  const inputId = useId()
  const [draft, setDraft] = useDraft(term)
  const debounced = useDebouncedCallback(onTermChange, SEARCH_DEBOUNCE_MS)
  const type = (text: string) => {
    setDraft(text)
    debounced.call(text.trim())
  }
  const input = useKeptValue<HTMLInputElement>(draft, type)

  return (
    <form
      role="search"
      className="mb-8"
      onSubmit={(event) => {
        // Enter searches at once, without waiting for the debounce.
        event.preventDefault()
        debounced.cancel()
        onTermChange(draft.trim())
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <input
        ref={input}
        id={inputId}
        // Before the app's code runs, the server-rendered form searches by loading the page for the term.
        name={SEARCH_FIELD_NAME}
        type="search"
        value={draft}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder={placeholder}
        autoComplete="off"
        className="field-input text-lg"
        onChange={(event) => {
          type(event.target.value)
        }}
      />
    </form>
  )
}
