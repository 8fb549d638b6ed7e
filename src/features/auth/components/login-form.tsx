import { useRouter } from '@tanstack/react-router'
import { logIn } from '@/features/auth/account-backend'
import { AccountForm } from '@/features/auth/components/account-form'
import type { FieldSpec } from '@/features/auth/components/form-field'
import { useFormFields } from '@/features/auth/hooks/use-form-fields'
import { useSessionStore } from '@/lib/session/session-store'
import { authMessages } from '@/shared/accounts/messages'
import { useAccountAction } from '@/features/auth/hooks/use-account-action'
import { notify } from '@/lib/toast'

const LOGIN = {
  fields: [
    { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
    { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
  ] satisfies FieldSpec<'email' | 'password'>[],
  submitLabel: 'Login',
  other: { question: 'No account yet?', to: '/register', label: 'Register' },
} as const

export function LoginForm({ redirectTo }: { redirectTo: string }) {
  const router = useRouter()
  const signIn = useSessionStore((state) => state.signIn)
  // Beside the spec's toast, which a screen reader may miss, each empty field says so itself.
  const form = useFormFields({ email: '', password: '' })
  const { busy: submitting, run } = useAccountAction()

  async function submit() {
    const { email, password } = form.values
    if (!email.trim() || !password) {
      form.setErrors({
        ...(email.trim() ? {} : { email: authMessages.emailRequired }),
        ...(password ? {} : { password: authMessages.passwordRequired }),
      })
      notify.error(authMessages.allFieldsRequired)
      return
    }
    await run(async () => {
      const user = await logIn(email, password)
      if (!user) {
        notify.error(authMessages.wrongCredentials)
        return
      }
      signIn(user)
      notify.success(authMessages.loggedIn)
      // Guards read the session in beforeLoad: run them again before leaving.
      await router.invalidate()
      router.history.push(redirectTo)
    })
  }

  return <AccountForm {...LOGIN} form={form} onSubmit={submit} submitting={submitting} />
}
