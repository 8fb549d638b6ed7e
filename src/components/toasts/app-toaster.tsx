import { useEffect } from 'react'
import { toast, Toaster } from 'sonner'
import { MAX_VISIBLE_TOASTS, TOAST_DURATION_MS, toasterState } from '@/lib/toast'

/** The one toaster (behaviour §2: top-center on every screen). Loaded lazily by ToastHost. */
export default function AppToaster() {
  // Runs after Toaster's own effects (children first), so sonner is listening by now.
  useEffect(() => {
    toasterState.ready(toast)
    return toasterState.gone
  }, [])
  return (
    <Toaster
      position="top-center"
      theme="dark"
      richColors
      visibleToasts={MAX_VISIBLE_TOASTS}
      duration={TOAST_DURATION_MS.default}
    />
  )
}
