import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import type { ToasterProps } from 'sonner'
import { requestToaster, toasterState } from '@/lib/toast'
import { whenIdle } from '@/lib/yield-to-main'

const AppToaster = lazy(() => import('@/components/toasts/app-toaster'))

const notWanted = () => false

const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const

const IDLE_TIMEOUT_MS = 2000

/** Mounts the toaster when idle or sooner, so its live region is in place before most toasts. */
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
