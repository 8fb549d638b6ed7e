// sonner (~11 KiB) loads only with the first toast or interaction: toasts wait until it listens.
import type { ExternalToast, toast as sonnerToast } from 'sonner'

export const TOAST_DURATION_MS = { default: 4000, success: 2000 } as const
export const MAX_VISIBLE_TOASTS = 20

type Toast = typeof sonnerToast

let toasterWanted = false
const listeners = new Set<() => void>()
let markToasterReady: (toast: Toast) => void = () => undefined
let toasterReady: Promise<Toast>
let toasterListening = false
function awaitToaster() {
  toasterListening = false
  toasterReady = new Promise<Toast>((resolve) => {
    markToasterReady = (toast) => {
      toasterListening = true
      resolve(toast)
    }
  })
}
awaitToaster()

export const toasterState = {
  subscribe: (listener: () => void) => {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  },
  isWanted: () => toasterWanted,
  ready: (toast: Toast) => {
    markToasterReady(toast)
  },
  // A toaster gone before it listened (StrictMode mounts twice) leaves the waiting toasts be.
  gone: () => {
    if (toasterListening) awaitToaster()
  },
}

/** Mounts the toaster, and so loads sonner, if that has not happened yet. */
export function requestToaster(): void {
  if (toasterWanted) return
  toasterWanted = true
  for (const listener of listeners) listener()
}

const pageToasts = new Map<string | number, number>()
/** A toast raised this shortly before a navigation started is its outcome, not the last page's. */
const NAVIGATION_CAUSE_MS = 1000

function show(raise: (toast: Toast) => string | number | undefined, ownedByPage = false): void {
  requestToaster()
  const raisedAt = performance.now()
  void toasterReady.then((toast) => {
    const id = raise(toast)
    if (ownedByPage && id !== undefined) pageToasts.set(id, raisedAt)
  })
}

const isPageToast = (options?: ExternalToast) => options?.action === undefined

/** After a navigation resolves: the previous page's toasts go, those that led to it stay. */
export function dismissPreviousPageToasts(navigationStartedAt: number): void {
  if (pageToasts.size === 0) return
  void toasterReady.then((toast) => {
    for (const [id, raisedAt] of pageToasts) {
      if (raisedAt >= navigationStartedAt - NAVIGATION_CAUSE_MS) continue
      toast.dismiss(id)
      pageToasts.delete(id)
    }
  })
}

export const notify = {
  message: (text: string, options?: ExternalToast) => {
    show(
      (toast) => toast(text, { duration: TOAST_DURATION_MS.default, ...options }),
      isPageToast(options),
    )
  },
  success: (text: string, options?: ExternalToast) => {
    show(
      (toast) => toast.success(text, { duration: TOAST_DURATION_MS.success, ...options }),
      isPageToast(options),
    )
  },
  error: (text: string, options?: ExternalToast) => {
    show(
      (toast) => toast.error(text, { duration: TOAST_DURATION_MS.default, ...options }),
      isPageToast(options),
    )
  },
  loading: (text: string, options?: ExternalToast) => {
    show((toast) => toast.loading(text, { duration: Infinity, ...options }))
  },
  dismiss: (id?: string | number) => {
    show((toast) => {
      toast.dismiss(id)
      return undefined
    })
  },
}
