import { useEffect, useRef } from 'react'
import { toast, Toaster, type ToasterProps } from 'sonner'
import { NAV_BAR_HEIGHT_PROPERTY } from '@/config/app'
import { MAX_VISIBLE_TOASTS, TOAST_DURATION_MS, toasterState } from '@/lib/toast'

const TOAST_TOP = `calc(var(${NAV_BAR_HEIGHT_PROPERTY}, 67px) + 9px)`
/** Screen readers may miss a toast added in the same moment as its live region. */
const LIVE_REGION_SETTLE_MS = 150
const TAB_STOP_TOASTS = '[data-sonner-toast][tabindex="0"]'

// sonner makes each toast a Tab stop, with no option against it: a toast is heard, not visited.
function keepToastsOutOfTabOrder(region: HTMLElement): () => void {
  const untab = () => {
    for (const item of region.querySelectorAll(TAB_STOP_TOASTS)) item.setAttribute('tabindex', '-1')
  }
  untab()
  const observer = new MutationObserver(untab)
  observer.observe(region, { childList: true, subtree: true })
  return () => {
    observer.disconnect()
  }
}

export default function AppToaster({ theme }: { theme: ToasterProps['theme'] }) {
  const region = useRef<HTMLElement>(null)
  // Children's effects run first, so sonner is listening by now.
  useEffect(() => {
    const settled = window.setTimeout(() => {
      toasterState.ready(toast)
    }, LIVE_REGION_SETTLE_MS)
    const stopUntabbing = region.current ? keepToastsOutOfTabOrder(region.current) : undefined
    return () => {
      window.clearTimeout(settled)
      stopUntabbing?.()
      toasterState.gone()
    }
  }, [])
  return (
    <Toaster
      ref={region}
      position="top-center"
      theme={theme}
      richColors
      visibleToasts={MAX_VISIBLE_TOASTS}
      duration={TOAST_DURATION_MS.default}
      offset={{ top: TOAST_TOP }}
      mobileOffset={{ top: TOAST_TOP }}
    />
  )
}
