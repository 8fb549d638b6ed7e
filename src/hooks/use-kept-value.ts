import { useEffectEvent, useLayoutEffect, useRef, type RefObject } from 'react'

/**
 * A field's ref that, as the field mounts, brings the state in line with what its element
 * holds: hydration keeps what a visitor typed or chose (or a password manager filled) in the
 * page the server rendered, before the code ran, but the state still has the server's value.
 */
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
