import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import type { ToasterProps } from 'sonner'
import { requestToaster, toasterState } from '@/lib/toast'
import { whenIdle } from '@/lib/yield-to-main'

const AppToaster = lazy(() => import('@/components/toasts/app-toaster'))

/** The server, and the page's hydration, render no toaster. */
const notWanted = () => false

const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const

/** Once the first screen is shown and the page is idle, at the latest after this long. */
const IDLE_TIMEOUT_MS = 2000

/**
 * Mounts the toaster once the first screen is shown and the page is idle, or earlier on the
 * first interaction or toast: its live region is then in place before almost any toast, as
 * screen readers need to announce the toast (behaviour §2), yet sonner's download never
 * competes with the landing page's. The theme is the one shown, which the caller knows.
 */
export function ToastHost({ theme }: { theme: ToasterProps['theme'] }) {
  const wanted = useSyncExternalStore(toasterState.subscribe, toasterState.isWanted, notWanted)

  useEffect(() => {
    if (wanted) return
    const options = { once: true, passive: true, capture: true }
    for (const type of INTERACTIONS) window.addEventListener(type, requestToaster, options)
    let unmounted = false
    void whenIdle(IDLE_TIMEOUT_MS).then(() => {
      if (!unmounted) requestToaster()
    })
    return () => {
      unmounted = true
      for (const type of INTERACTIONS) window.removeEventListener(type, requestToaster, options)
    }
  }, [wanted])

  return wanted ? (
    <Suspense fallback={null}>
      <AppToaster theme={theme} />
    </Suspense>
  ) : null
}
