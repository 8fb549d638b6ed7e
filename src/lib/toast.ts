/**
 * The app's only way to raise a toast, so every kind gets its duration (behaviour §9: blank, error
 * and custom 4 s, success 2 s, loading until dismissed).
 *
 * sonner is about 11 KiB of JavaScript that no page needs before its first toast, so it is
 * loaded on demand: the first toast (or the first user interaction, whichever comes first)
 * mounts the lazy toaster, and toasts are handed to sonner once it listens.
 */
import type { ExternalToast, toast as sonnerToast } from 'sonner'

export const TOAST_DURATION_MS = { default: 4000, success: 2000 } as const
export const MAX_VISIBLE_TOASTS = 20

type Toast = typeof sonnerToast

let toasterWanted = false
const listeners = new Set<() => void>()
let markToasterReady: (toast: Toast) => void = () => undefined
let toasterReady: Promise<Toast>
let toasterListening = false
/** Until a toaster listens, toasts wait here rather than being lost. */
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

/** For the toast host: whether the toaster should be mounted yet. */
export const toasterState = {
  subscribe: (listener: () => void) => {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  },
  isWanted: () => toasterWanted,
  /** Called by the toaster once sonner is subscribed and toasts will show. */
  ready: (toast: Toast) => {
    markToasterReady(toast)
  },
  /**
   * Called when the toaster unmounts: later toasts wait for the next one. One that unmounts
   * before it listened (StrictMode mounts twice) leaves the waiting toasts for the next.
   */
  gone: () => {
    if (toasterListening) awaitToaster()
  },
}

/** Mount the toaster (and so load sonner) if that has not happened yet. */
export function requestToaster(): void {
  if (toasterWanted) return
  toasterWanted = true
  for (const listener of listeners) listener()
}

/** A page's own toasts (no action, not loading), by id, with when they were raised. */
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

/**
 * For the app, when a navigation to another path has resolved: the previous page's toasts go,
 * the ones that led to the navigation (a sign-in, a guard's redirect) stay.
 */
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
