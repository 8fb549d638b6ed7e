import { useEffect, useMemo, useRef } from 'react'

export function useDebouncedCallback<Args extends unknown[]>(
  callback: (...args: Args) => void,
  delayMs: number,
) {
  const callbackRef = useRef(callback)
  useEffect(() => {
    callbackRef.current = callback
  })
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(
    () => () => {
      clearTimeout(timer.current)
    },
    [],
  )
  return useMemo(
    () => ({
      call: (...args: Args) => {
        clearTimeout(timer.current)
        timer.current = setTimeout(() => {
          callbackRef.current(...args)
        }, delayMs)
      },
      cancel: () => {
        clearTimeout(timer.current)
      },
    }),
    [delayMs],
  )
}
