import { useEffectEvent, useLayoutEffect, useRef, type RefObject } from 'react'

/** Brings the state in line with what the hydrated element holds (typed before the code ran). */
export function useKeptValue<Element extends HTMLInputElement | HTMLSelectElement>(
  value: string,
  onChange: (value: string) => void,
): RefObject<Element | null> {
  const field = useRef<Element>(null)
  const keep = useEffectEvent(() => {
    const element = field.current
    if (element && element.value !== value) onChange(element.value)
  })
  useLayoutEffect(() => {
    keep()
  }, [])
  return field
}
