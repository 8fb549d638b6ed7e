import { useNavigate } from '@tanstack/react-router'
import { register } from '@/features/auth/account-backend'
import { AccountForm } from '@/features/auth/components/account-form'
import type { FieldSpec } from '@/features/auth/components/form-field'
import { useFormFields } from '@/features/auth/hooks/use-form-fields'
import { authMessages } from '@/shared/accounts/messages'
import {
  validateRegister,
  validateRegisterField,
  type RegisterValues,
} from '@/shared/accounts/validation'
import { useAccountAction } from '@/features/auth/hooks/use-account-action'
import { notify } from '@/lib/toast'

const EMPTY: RegisterValues = { name: '', email: '', password: '' }

const REGISTER = {
  fields: [
    { name: 'name', label: 'Name', autoComplete: 'given-name' },
    { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
    { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  ] satisfies FieldSpec<keyof RegisterValues>[],
  submitLabel: 'Register',
  other: { question: 'Already have an account?', to: '/login', label: 'Login' },
} as const

export function RegisterForm() {
  const navigate = useNavigate()
  const form = useFormFields(EMPTY, validateRegisterField)
  const { values } = form
  const { busy: submitting, run } = useAccountAction()

  async function submit() {
    const found = validateRegister(values)
    form.setErrors(found)
    if (Object.keys(found).length > 0) {
      notify.error(authMessages.fixErrors)
      return
    }
    await run(async () => {
      if ((await register(values)) === 'duplicate') {
        notify.error(authMessages.emailTaken)
        return
      }
      notify.success(authMessages.registered)
      await navigate({ to: '/login' })
    })
  }

  return <AccountForm {...REGISTER} form={form} onSubmit={submit} submitting={submitting} />
}
