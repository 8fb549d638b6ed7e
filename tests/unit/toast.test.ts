import { describe, expect, it, vi } from 'vitest'
import type { toast as sonnerToast } from 'sonner'
import { notify, toasterState } from '@/lib/toast'

/** A stand-in for sonner's toast function, recording what it is asked to show. */
function recordingToast() {
  const shown: string[] = []
  const toast = Object.assign((text: string) => shown.push(text), {
    error: (text: string) => shown.push(`error: ${text}`),
    success: (text: string) => shown.push(`success: ${text}`),
  }) as unknown as typeof sonnerToast
  return { toast, shown }
}

describe('a toast raised before the toaster listens', () => {
  it('shows once a toaster listens, even if the first one unmounted before (StrictMode)', async () => {
    notify.error('Invalid email or password')
    // StrictMode: the toaster mounts, unmounts before it listened, and mounts again.
    toasterState.gone()
    const { toast, shown } = recordingToast()
    toasterState.ready(toast)
    await vi.waitFor(() => {
      expect(shown).toEqual(['error: Invalid email or password'])
    })
    // Once it has listened, its unmount makes later toasts wait for the next toaster.
    toasterState.gone()
    notify.success('Login successful')
    const next = recordingToast()
    toasterState.ready(next.toast)
    await vi.waitFor(() => {
      expect(next.shown).toEqual(['success: Login successful'])
    })
    expect(shown).toEqual(['error: Invalid email or password'])
  })
})
