import { useState } from 'react'

/** A text box's text; a new outside `value` replaces it unless it is the same but for spaces. */
export function useDraft(value: string) {
  const [draft, setDraft] = useState(value)
  const [followed, setFollowed] = useState(value)
  if (followed !== value) {
    setFollowed(value)
    if (draft.trim() !== value) setDraft(value)
  }
  return [draft, setDraft] as const
}
