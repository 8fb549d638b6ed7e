import { useEffect } from 'react'
import { toast, Toaster, type ToasterProps } from 'sonner'
import { MAX_VISIBLE_TOASTS, TOAST_DURATION_MS, toasterState } from '@/lib/toast'

const TOAST_TOP_PX = 76
/**
 * A live region must be in the page before the text it announces: screen readers watch the
 * regions they found, and may miss a toast added in the same moment as its region.
 */
const LIVE_REGION_SETTLE_MS = 150

/** The one toaster (behaviour §2: top-center on every screen). Loaded lazily by ToastHost. */
export default function AppToaster({ theme }: { theme: ToasterProps['theme'] }) {
  // Runs after Toaster's own effects (children first), so sonner is listening by now.
  useEffect(() => {
    const settled = window.setTimeout(() => {
      toasterState.ready(toast)
    }, LIVE_REGION_SETTLE_MS)
    return () => {
      window.clearTimeout(settled)
      toasterState.gone()
    }
  }, [])
  return (
    <Toaster
      position="top-center"
      theme={theme}
      richColors
      visibleToasts={MAX_VISIBLE_TOASTS}
      duration={TOAST_DURATION_MS.default}
      // Just below the sticky navigation bar (67 px), so a toast never covers its links.
      offset={{ top: TOAST_TOP_PX }}
      mobileOffset={{ top: TOAST_TOP_PX }}
    />
  )
}
