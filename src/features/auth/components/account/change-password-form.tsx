import { useState } from 'react'
import { accountMessages } from '@/features/auth/account-messages'
import { changeAccountPassword } from '@/features/auth/api/change-password'
import { AccountSection, SectionForm } from '@/features/auth/components/account/account-section'
import { FormField } from '@/features/auth/components/form-field'
import { useAccountAction } from '@/features/auth/hooks/use-account-action'
import { authMessages } from '@/shared/accounts/messages'
import { validatePassword } from '@/shared/accounts/validation'
import { notify } from '@/lib/toast'

interface Passwords {
  currentPassword: string
  newPassword: string
}

const EMPTY: Passwords = { currentPassword: '', newPassword: '' }

export function ChangePasswordForm() {
  const [values, setValues] = useState(EMPTY)
  const [errors, setErrors] = useState<Partial<Record<keyof Passwords, string>>>({})
  const { busy, run } = useAccountAction()

  async function submit() {
    const found = {
      currentPassword: values.currentPassword ? undefined : accountMessages.currentPasswordRequired,
      newPassword: validatePassword(values.newPassword),
    }
    setErrors(found)
    if (found.currentPassword || found.newPassword) {
      notify.error(authMessages.fixErrors)
      return
    }
    await run(async () => {
      if ((await changeAccountPassword(values)) === 'wrong-password') {
        setErrors({ currentPassword: accountMessages.wrongPassword })
        notify.error(accountMessages.wrongPassword)
        return
      }
      setValues(EMPTY)
      notify.success(accountMessages.passwordChanged)
    })
  }

  return (
    <AccountSection
      title="Change password"
      description="Every other device signed in to your account is signed out."
    >
      <SectionForm submitLabel="Change password" busy={busy} onSubmit={submit}>
        <FormField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={values.currentPassword}
          error={errors.currentPassword}
          onChange={(event) => {
            setValues((current) => ({ ...current, currentPassword: event.target.value }))
            setErrors((current) => ({ ...current, currentPassword: undefined }))
          }}
        />
        <FormField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={values.newPassword}
          error={errors.newPassword}
          onChange={(event) => {
            setValues((current) => ({ ...current, newPassword: event.target.value }))
            setErrors((current) => ({
              ...current,
              newPassword: validatePassword(event.target.value),
            }))
          }}
        />
      </SectionForm>
    </AccountSection>
  )
}
