import { useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { accountMessages } from '@/features/auth/account-messages'
import { AccountRequestError, AccountServerError } from '@/features/auth/api/client'
import { endSession } from '@/lib/session/end-session'
import { authMessages } from '@/shared/accounts/messages'
import { StorageError } from '@/lib/storage'
import { notify } from '@/lib/toast'

/** Runs a form's account action with a busy flag, turning failures into toasts (behaviour §5). */
export function useAccountAction() {
  const router = useRouter()
  const [busy, setBusy] = useState(false)
  async function run(action: () => Promise<void>) {
    setBusy(true)
    try {
      await action()
    } catch (error) {
      if (error instanceof StorageError) notify.error(authMessages.storageFailed)
      else if (error instanceof AccountServerError) notify.error(accountMessages.serverUnreachable)
      else if (error instanceof AccountRequestError && error.status === 401) {
        const { href } = router.state.location
        endSession()
        await router.navigate({ to: '/login', search: { redirect: href } })
      } else if (error instanceof AccountRequestError) notify.error(error.message)
      else throw error
    } finally {
      setBusy(false)
    }
  }
  return { busy, run }
}
