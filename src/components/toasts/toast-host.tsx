import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import type { ToasterProps } from 'sonner'
import { requestToaster, toasterState } from '@/lib/toast'

const AppToaster = lazy(() => import('@/components/toasts/app-toaster'))

const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const

/** Once the page is idle, at the latest after this long. */
const IDLE_TIMEOUT_MS = 2000

/**
 * Mounts the toaster once the page is idle after its first render, or earlier on the first
 * interaction or toast: its live region is then in place before almost any toast, as screen
 * readers need to announce the toast (behaviour §2), yet sonner's download never competes with
 * the landing page's. The theme is the one shown, which the caller knows.
 */
export function ToastHost({ theme }: { theme: ToasterProps['theme'] }) {
  const wanted = useSyncExternalStore(toasterState.subscribe, toasterState.isWanted)

  useEffect(() => {
    if (wanted) return
    const options = { once: true, passive: true, capture: true }
    for (const type of INTERACTIONS) window.addEventListener(type, requestToaster, options)
    // Safari has no requestIdleCallback: a timer stands in.
    const idle =
      'requestIdleCallback' in window
        ? window.requestIdleCallback(requestToaster, { timeout: IDLE_TIMEOUT_MS })
        : undefined
    const timer =
      idle === undefined ? window.setTimeout(requestToaster, IDLE_TIMEOUT_MS) : undefined
    return () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, requestToaster, options)
      if (idle !== undefined) window.cancelIdleCallback(idle)
      window.clearTimeout(timer)
    }
  }, [wanted])

  return wanted ? (
    <Suspense fallback={null}>
      <AppToaster theme={theme} />
    </Suspense>
  ) : null
}
