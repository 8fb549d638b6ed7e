import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { deleteAccountWithPassword } from '@/features/auth/account-backend'
import type { UserData } from '@/features/auth/account-export'
import { accountMessages } from '@/features/auth/account-messages'
import { AccountSection, SectionForm } from '@/features/auth/components/account/account-section'
import { FormField } from '@/features/auth/components/form-field'
import { useAccountAction } from '@/features/auth/hooks/use-account-action'
import { useSessionStore } from '@/lib/session/session-store'
import { authMessages } from '@/shared/accounts/messages'
import { notify } from '@/lib/toast'

export function DeleteAccountForm({
  email,
  userData,
  onServer,
}: {
  email: string
  userData: UserData
  onServer: boolean
}) {
  const signOut = useSessionStore((state) => state.signOut)
  const navigate = useNavigate()
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string>()
  const { busy, run } = useAccountAction()

  async function submit() {
    if (!password) {
      setError(authMessages.passwordRequired)
      notify.error(authMessages.fixErrors)
      return
    }
    await run(async () => {
      if (!(await deleteAccountWithPassword(email, password))) {
        setError(accountMessages.wrongPassword)
        notify.error(accountMessages.wrongPassword)
        return
      }
      userData.forget(email)
      signOut()
      notify.success(accountMessages.accountDeleted)
      await navigate({ to: '/login' })
    })
  }

  return (
    <AccountSection
      title="Delete account"
      danger
      description={`Deletes your account and all your lists${
        onServer ? '' : ' kept in this browser'
      } for good. This cannot be undone. Enter your password to confirm.`}
    >
      <SectionForm submitLabel="Delete account" busy={busy} onSubmit={submit} danger>
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={error}
          onChange={(event) => {
            setPassword(event.target.value)
            setError(undefined)
          }}
        />
      </SectionForm>
    </AccountSection>
  )
}
