import { useEffectEvent, useLayoutEffect, useRef, useState, type RefObject } from 'react'

/**
 * A text field of the view the server drew (server/landing-answer.ts, server/login-page.ts),
 * followed from the app's first render to its commit: whether it has the focus, as the visitor
 * moves it meanwhile. That view is live HTML until the app replaces it: a quick visitor may
 * already have typed there.
 */
interface DrawnField {
  input: HTMLInputElement
  focused: () => boolean
  /** Stops following the focus. */
  stop: () => void
}

function drawnField(name: string): DrawnField | undefined {
  // Server rendering has no page; neither has a page the app drew alone.
  if (typeof document === 'undefined') return undefined
  const input = document.querySelector(`[data-page-view] input[name="${name}"]`)
  if (!(input instanceof HTMLInputElement)) return undefined
  let focused = input === document.activeElement
  const follow = (event: FocusEvent) => {
    focused = event.target === input
  }
  document.addEventListener('focusin', follow)
  return {
    input,
    focused: () => focused,
    stop: () => {
      document.removeEventListener('focusin', follow)
    },
  }
}

/**
 * Carries what a visitor did to the server's drawing of the text field named `name` into the
 * app's own, which replaced it and takes the ref returned: text typed there reaches `onType` as
 * if typed here, and the focus, with the caret, moves here. The drawn field is found as the
 * app's first renders, while it is still in the page, and read in the commit that removed it,
 * so that nothing typed, and no move of the focus, in between is lost.
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
    const element = field.current
    if (!drawn || !element) return
    drawn.stop()
    const { input } = drawn
    if (input.value !== value) {
      onType(input.value)
      // The text in place at once, so that the caret goes where it was in it; the render that
      // follows finds it there and leaves it (and the caret) alone.
      element.value = input.value
    }
    if (drawn.focused()) {
      element.focus()
      // An e-mail field has no caret to place (its selection reads as null).
      if (input.selectionStart !== null) {
        element.setSelectionRange(input.selectionStart, input.selectionEnd)
      }
    }
  })
  // In the commit that removed the drawn field, before the page takes any input.
  useLayoutEffect(() => {
    carryOver()
  }, [])
  return field
}
