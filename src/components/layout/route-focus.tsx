import { useRouter, type ParsedLocation } from '@tanstack/react-router'
import { useEffect } from 'react'

/** History entries whose focused link is remembered: Back rarely goes further than this. */
const REMEMBERED_ENTRIES = 50
/** How long a remembered link may take to render again (a list from cache, in a transition). */
const RESTORE_FRAMES = 30

const entryKey = (location: ParsedLocation) => location.state.__TSR_key ?? location.state.key

/** The link focused in the page, as a selector that finds it again when the page is back. */
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

/** Focuses the link once it is rendered again, or the page's start if it never is. */
function restoreFocus(selector: string, framesLeft = RESTORE_FRAMES) {
  const link = document.querySelector<HTMLElement>(selector)
  if (link) link.focus({ preventScroll: true })
  else if (framesLeft === 0) focusPageStart()
  else
    requestAnimationFrame(() => {
      restoreFocus(selector, framesLeft - 1)
    })
}

/**
 * After a client-side navigation, move focus to the new page's h1 (or main) so keyboard and
 * screen-reader users start at the new content; coming Back (or Forward) to a page, to the link
 * that left it, such as the card of the movie that was opened. Not on the first load, and not
 * when only the search string changed (typing in the search box must keep focus). Scrolling is
 * the router's (scroll restoration): focus never moves the page.
 */
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
        // Oldest first: a Map keeps insertion order.
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
