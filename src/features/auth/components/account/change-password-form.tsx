import { accountMessages } from '@/features/auth/account-messages'
import { changeAccountPassword } from '@/features/auth/api/change-password'
import { AccountSection, SectionForm } from '@/features/auth/components/account/account-section'
import { FormFields, type FieldSpec } from '@/features/auth/components/form-field'
import { useAccountAction } from '@/features/auth/hooks/use-account-action'
import { useFormFields } from '@/features/auth/hooks/use-form-fields'
import { authMessages } from '@/shared/accounts/messages'
import { validatePassword } from '@/shared/accounts/validation'
import { notify } from '@/lib/toast'

interface Passwords {
  currentPassword: string
  newPassword: string
}

const EMPTY: Passwords = { currentPassword: '', newPassword: '' }

const FIELDS: readonly FieldSpec<keyof Passwords>[] = [
  {
    name: 'currentPassword',
    label: 'Current password',
    type: 'password',
    autoComplete: 'current-password',
  },
  { name: 'newPassword', label: 'New password', type: 'password', autoComplete: 'new-password' },
]

const checkPassword = (name: keyof Passwords, value: string) =>
  name === 'newPassword' ? validatePassword(value) : undefined

export function ChangePasswordForm() {
  const form = useFormFields(EMPTY, checkPassword)
  const { values, setValues, setErrors } = form
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
        <FormFields fields={FIELDS} form={form} />
      </SectionForm>
    </AccountSection>
  )
}
