import { waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { toast as sonnerToast } from 'sonner'
import { dismissPreviousPageToasts, notify, toasterState } from '@/lib/toast'

/** A stand-in for sonner's toast function: records what it shows (each toast's id is its number) and dismisses. */
function recordingToast() {
  const shown: string[] = []
  const dismissed: (string | number | undefined)[] = []
  const raise = (prefix: string) => (text: string) => shown.push(`${prefix}${text}`)
  const toast = Object.assign(raise(''), {
    error: raise('error: '),
    success: raise('success: '),
    dismiss: (id?: string | number) => dismissed.push(id),
  }) as unknown as typeof sonnerToast
  return { toast, shown, dismissed }
}

// Test files share a module graph (isolate: false): toasts an earlier file raised after its
// toaster had gone, and the page toasts it left, would reach this file's stand-ins. A stand-in of
// its own takes them first.
beforeEach(async () => {
  toasterState.ready(recordingToast().toast)
  dismissPreviousPageToasts(Infinity)
  await Promise.resolve()
  toasterState.gone()
})

describe('a toast raised before the toaster listens', () => {
  it('shows once a toaster listens, even if the first one unmounted before (StrictMode)', async () => {
    notify.error('Invalid email or password')
    // StrictMode: the toaster mounts, unmounts before it listened, and mounts again.
    toasterState.gone()
    const { toast, shown } = recordingToast()
    toasterState.ready(toast)
    await waitFor(() => {
      expect(shown).toEqual(['error: Invalid email or password'])
    })
    // Once it has listened, its unmount makes later toasts wait for the next toaster.
    toasterState.gone()
    notify.success('Login successful')
    const next = recordingToast()
    toasterState.ready(next.toast)
    await waitFor(() => {
      expect(next.shown).toEqual(['success: Login successful'])
    })
    expect(shown).toEqual(['error: Invalid email or password'])
  })
})

describe('leaving a page', () => {
  it('dismisses its toasts, not those that led to the navigation nor those with an action', async () => {
    toasterState.gone()
    const { toast, shown, dismissed } = recordingToast()
    toasterState.ready(toast)
    notify.error('Please login first')
    notify.message('Add the lists kept in this browser?', {
      action: { label: 'Add them', onClick: () => undefined },
    })
    await waitFor(() => {
      expect(shown).toHaveLength(2)
    })
    const [pageToast, actionToast] = [1, 2]
    const startedNow = performance.now()

    dismissPreviousPageToasts(startedNow)
    await Promise.resolve()
    expect(dismissed).toEqual([])

    dismissPreviousPageToasts(startedNow + 5000)
    await waitFor(() => {
      expect(dismissed).toEqual([pageToast])
    })
    expect(dismissed).not.toContain(actionToast)
  })
})
