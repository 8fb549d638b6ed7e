import { Link, useNavigate } from '@tanstack/react-router'
import { useState, type SyntheticEvent } from 'react'
import { registerUser } from '@/features/auth/accounts'
import { FormField } from '@/features/auth/components/form-field'
import { authMessages } from '@/features/auth/messages'
import {
  validateRegister,
  validateRegisterField,
  type RegisterErrors,
  type RegisterValues,
} from '@/features/auth/validation'
import { useAccountAction } from '@/features/auth/hooks/use-account-action'
import { notify } from '@/lib/toast'

const EMPTY: RegisterValues = { name: '', email: '', password: '' }

export function RegisterForm() {
  const navigate = useNavigate()
  const [values, setValues] = useState(EMPTY)
  const [errors, setErrors] = useState<RegisterErrors>({})
  const { busy: submitting, run } = useAccountAction()

  // Behaviour §5: each field is validated live, on every change.
  const change = (field: keyof RegisterValues) => (event: { target: { value: string } }) => {
    const value = event.target.value
    setValues((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: validateRegisterField(field, value) }))
  }

  async function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault()
    const found = validateRegister(values)
    setErrors(found)
    if (Object.keys(found).length > 0) {
      notify.error(authMessages.fixErrors)
      return
    }
    await run(async () => {
      if ((await registerUser(values)) === 'duplicate') {
        notify.error(authMessages.emailTaken)
        return
      }
      notify.success(authMessages.registered)
      await navigate({ to: '/login' })
    })
  }

  return (
    <form noValidate className="space-y-5" onSubmit={(event) => void submit(event)}>
      <FormField
        label="Name"
        name="name"
        autoComplete="given-name"
        value={values.name}
        error={errors.name}
        onChange={change('name')}
      />
      <FormField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        error={errors.email}
        onChange={change('email')}
      />
      <FormField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        error={errors.password}
        onChange={change('password')}
      />
      <button type="submit" className="btn-primary w-full" disabled={submitting}>
        Register
      </button>
      <p className="text-center text-slate-300">
        Already have an account?{' '}
        <Link to="/login" className="font-semibold text-brand underline">
          Login
        </Link>
      </p>
    </form>
  )
}
