import { useEffect, useRef, useState } from 'react'

/** Calls onVisible near the viewport, and again on `recheck`: an observer reports changes only. */
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
