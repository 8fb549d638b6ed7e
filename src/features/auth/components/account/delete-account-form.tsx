import { useNavigate } from '@tanstack/react-router'
import { deleteAccountWithPassword } from '@/features/auth/account-backend'
import type { UserData } from '@/features/auth/account-export'
import { accountMessages } from '@/features/auth/account-messages'
import { AccountSection, SectionForm } from '@/features/auth/components/account/account-section'
import { FormFields, type FieldSpec } from '@/features/auth/components/form-field'
import { useAccountAction } from '@/features/auth/hooks/use-account-action'
import { useFormFields } from '@/features/auth/hooks/use-form-fields'
import { useSessionStore } from '@/lib/session/session-store'
import { authMessages } from '@/shared/accounts/messages'
import { notify } from '@/lib/toast'

const FIELDS: readonly FieldSpec<'password'>[] = [
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
]

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
  const form = useFormFields({ password: '' })
  const { password } = form.values
  const { busy, run } = useAccountAction()

  async function submit() {
    if (!password) {
      form.setErrors({ password: authMessages.passwordRequired })
      notify.error(authMessages.fixErrors)
      return
    }
    await run(async () => {
      if (!(await deleteAccountWithPassword(email, password))) {
        form.setErrors({ password: accountMessages.wrongPassword })
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
        <FormFields fields={FIELDS} form={form} />
      </SectionForm>
    </AccountSection>
  )
}
