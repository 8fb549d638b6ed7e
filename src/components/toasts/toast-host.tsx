import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import type { ToasterProps } from 'sonner'
import { requestToaster, toasterState } from '@/lib/toast'

const AppToaster = lazy(() => import('@/components/toasts/app-toaster'))

const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const

/**
 * Mounts the toaster on the first toast, or earlier at the first interaction (which is what
 * usually leads to a toast), so the first message is not kept waiting for the download.
 * The theme is the one shown, which the caller knows.
 */
export function ToastHost({ theme }: { theme: ToasterProps['theme'] }) {
  const wanted = useSyncExternalStore(toasterState.subscribe, toasterState.isWanted)

  useEffect(() => {
    if (wanted) return
    const options = { once: true, passive: true, capture: true }
    for (const type of INTERACTIONS) window.addEventListener(type, requestToaster, options)
    return () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, requestToaster, options)
    }
  }, [wanted])

  return wanted ? (
    <Suspense fallback={null}>
      <AppToaster theme={theme} />
    </Suspense>
  ) : null
}
