import { useEffect, useRef, useState } from 'react'

/**
 * Calls `onVisible` when the element given to the returned ref comes within `margin` of the
 * viewport, and again whenever `recheck` changes while it is still that close: an observer only
 * reports changes, so an element still in range after content was added before it (or one that
 * left and came back between two of the observer's checks) would not be reported again.
 * Where IntersectionObserver is missing, nothing happens (the element stays usable as is).
 */
export function useWhenVisible<T extends Element>(
  onVisible: () => void,
  { margin = '800px', recheck }: { margin?: string; recheck?: unknown } = {},
) {
  const [element, setElement] = useState<T | null>(null)
  const callback = useRef(onVisible)
  useEffect(() => {
    callback.current = onVisible
  })
  useEffect(() => {
    if (!element || typeof IntersectionObserver === 'undefined') return
    // A new observer reports the element's current state first, near or not.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current()
      },
      { rootMargin: margin },
    )
    observer.observe(element)
    return () => {
      observer.disconnect()
    }
  }, [element, margin, recheck])
  return setElement
}
