import { useEffect, useRef } from 'react'

/**
 * Calls `onVisible` whenever the returned element comes within `margin` of the viewport.
 * Where IntersectionObserver is missing, nothing happens (the element stays usable as is).
 */
export function useWhenVisible<T extends Element>(onVisible: () => void, margin = '800px') {
  const ref = useRef<T>(null)
  const callback = useRef(onVisible)
  useEffect(() => {
    callback.current = onVisible
  })
  useEffect(() => {
    const element = ref.current
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
  }, [margin])
  return ref
}
