import { toast, type ExternalToast } from 'sonner'

/** Spec §9: blank, error and custom toasts stay 4 s, success 2 s, loading until dismissed. */
export const TOAST_DURATION_MS = { default: 4000, success: 2000 } as const
export const MAX_VISIBLE_TOASTS = 20

/** The app's only way to raise a toast, so every kind gets the spec's duration. */
export const notify = {
  message: (text: string, options?: ExternalToast) =>
    toast(text, { duration: TOAST_DURATION_MS.default, ...options }),
  success: (text: string, options?: ExternalToast) =>
    toast.success(text, { duration: TOAST_DURATION_MS.success, ...options }),
  error: (text: string, options?: ExternalToast) =>
    toast.error(text, { duration: TOAST_DURATION_MS.default, ...options }),
  loading: (text: string, options?: ExternalToast) =>
    toast.loading(text, { duration: Infinity, ...options }),
  dismiss: (id?: string | number) => toast.dismiss(id),
}
