import { useState } from 'react'

/**
 * What a text box shows: what was typed, which the caller reports (to the URL) as it sees fit.
 * When `value` changes from outside (Back, Forward, a link), the box shows it, unless what was
 * typed already stands for it (the same text but for spaces around it).
 */
export function useDraft(value: string) {
  const [draft, setDraft] = useState(value)
  const [followed, setFollowed] = useState(value)
  if (followed !== value) {
    setFollowed(value)
    if (draft.trim() !== value) setDraft(value)
  }
  return [draft, setDraft] as const
}
