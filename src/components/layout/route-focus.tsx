import { useRouter, type ParsedLocation } from '@tanstack/react-router'
import { useEffect } from 'react'

const REMEMBERED_ENTRIES = 50
const RESTORE_FRAMES = 30

const entryKey = (location: ParsedLocation) => location.state.__TSR_key ?? location.state.key

function focusedLinkSelector(): string | undefined {
  const focused = document.activeElement
  if (!(focused instanceof HTMLAnchorElement) || !focused.closest('#main')) return undefined
  const href = focused.getAttribute('href')
  return href ? `#main a[href="${CSS.escape(href)}"]` : undefined
}

function focusPageStart() {
  const target = document.querySelector<HTMLElement>('main h1') ?? document.getElementById('main')
  target?.focus({ preventScroll: true })
}

function restoreFocus(selector: string, framesLeft = RESTORE_FRAMES) {
  const link = document.querySelector<HTMLElement>(selector)
  if (link) link.focus({ preventScroll: true })
  else if (framesLeft === 0) focusPageStart()
  else
    requestAnimationFrame(() => {
      restoreFocus(selector, framesLeft - 1)
    })
}

/** After a navigation, focus the new page's h1; on Back or Forward, the link that left it. */
export function RouteFocus() {
  const router = useRouter()
  useEffect(() => {
    const leftFrom = new Map<string, string>()
    const unsubscribeLeave = router.subscribe(
      'onBeforeNavigate',
      ({ fromLocation, pathChanged }) => {
        const key = fromLocation && entryKey(fromLocation)
        const selector = focusedLinkSelector()
        if (!key || !pathChanged || !selector) return
        leftFrom.delete(key)
        leftFrom.set(key, selector)
        if (leftFrom.size > REMEMBERED_ENTRIES) leftFrom.delete(leftFrom.keys().next().value ?? '')
      },
    )
    const unsubscribeArrive = router.subscribe(
      'onResolved',
      ({ fromLocation, toLocation, pathChanged }) => {
        if (!fromLocation || !pathChanged || fromLocation.pathname === toLocation.pathname) return
        const key = entryKey(toLocation)
        const selector = key && leftFrom.get(key)
        if (selector) restoreFocus(selector)
        else focusPageStart()
      },
    )
    return () => {
      unsubscribeLeave()
      unsubscribeArrive()
    }
  }, [router])
  return null
}
