import { useState } from 'react'
import { authMessages } from '@/features/auth/messages'
import { StorageError } from '@/lib/storage'
import { notify } from '@/lib/toast'

/**
 * Runs a form's account action (hashing, storage) with a busy flag, and turns a storage that
 * refuses the write into an error toast (behaviour §5) instead of an uncaught error.
 */
export function useAccountAction() {
  const [busy, setBusy] = useState(false)
  async function run(action: () => Promise<void>) {
    setBusy(true)
    try {
      await action()
    } catch (error) {
      if (!(error instanceof StorageError)) throw error
      notify.error(authMessages.storageFailed)
    } finally {
      setBusy(false)
    }
  }
  return { busy, run }
}
