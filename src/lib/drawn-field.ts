import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react'

/**
 * A field of the view the server drew (server/landing-answer.ts) as the visitor left it. That
 * view is live HTML until the app replaces it: a quick visitor may already have typed there.
 */
interface DrawnField {
  value: string
  focused: boolean
  selection: [start: number | null, end: number | null]
}

function drawnField(name: string): DrawnField | undefined {
  // Server rendering has no page; neither has a page the app drew alone.
  if (typeof document === 'undefined') return undefined
  const field = document.querySelector(`[data-page-view] input[name="${name}"]`)
  if (!(field instanceof HTMLInputElement)) return undefined
  return {
    value: field.value,
    focused: field === document.activeElement,
    selection: [field.selectionStart, field.selectionEnd],
  }
}

/**
 * Carries what a visitor did to the server's drawing of the text field named `name` into the
 * app's own, which replaced it and takes the ref returned: text typed there reaches `onType` as
 * if typed here, and the focus, with the caret, moves here. Read as the app's field first
 * renders, when the drawn view is still in the page (React removes it as it commits).
 */
export function useDrawnField({
  name,
  value,
  onType,
}: {
  name: string
  value: string
  onType: (value: string) => void
}): RefObject<HTMLInputElement | null> {
  const field = useRef<HTMLInputElement>(null)
  const [drawn] = useState(() => drawnField(name))
  const carryOver = useEffectEvent(() => {
    if (!drawn) return
    const element = field.current
    if (!element) return
    if (drawn.value !== value) {
      onType(drawn.value)
      // The text in place at once, so that the caret goes where it was in it; the render that
      // follows finds it there and leaves it (and the caret) alone.
      element.value = drawn.value
    }
    if (drawn.focused) {
      element.focus()
      element.setSelectionRange(...drawn.selection)
    }
  })
  useEffect(() => {
    carryOver()
  }, [])
  return field
}
