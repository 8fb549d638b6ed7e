import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'

/**
 * After a client-side navigation, move focus to the new page's h1 (or main) so keyboard and
 * screen-reader users start at the new content. Not on the first load, and not when only the
 * search string changed (typing in the search box must keep focus).
 */
export function RouteFocus() {
  const router = useRouter()
  useEffect(
    () =>
      router.subscribe('onResolved', ({ fromLocation, toLocation, pathChanged }) => {
        if (!fromLocation || !pathChanged || fromLocation.pathname === toLocation.pathname) return
        const target =
          document.querySelector<HTMLElement>('main h1') ?? document.getElementById('main')
        target?.focus({ preventScroll: true })
      }),
    [router],
  )
  return null
}
