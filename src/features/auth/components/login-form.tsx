import { Link, useRouter } from '@tanstack/react-router'
import { useState, type SyntheticEvent } from 'react'
import { authenticate } from '@/features/auth/accounts'
import { FormField } from '@/features/auth/components/form-field'
import { authMessages } from '@/features/auth/messages'
import { useSessionStore } from '@/features/auth/session-store'
import { useAccountAction } from '@/features/auth/hooks/use-account-action'
import { notify } from '@/lib/toast'

/** `redirectTo` is a same-origin path checked by the route; after login the user goes there. */
export function LoginForm({ redirectTo }: { redirectTo: string }) {
  const router = useRouter()
  const signIn = useSessionStore((state) => state.signIn)
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const { busy: submitting, run } = useAccountAction()

  async function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!email.trim() || !password) {
      notify.error(authMessages.allFieldsRequired)
      return
    }
    await run(async () => {
      const user = await authenticate(email, password)
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

  return (
    <form noValidate className="space-y-5" onSubmit={(event) => void submit(event)}>
      <FormField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value)
        }}
      />
      <FormField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value)
        }}
      />
      <button type="submit" className="btn-primary w-full" disabled={submitting}>
        Login
      </button>
      <p className="text-center text-slate-300">
        No account yet?{' '}
        <Link to="/register" className="font-semibold text-brand underline">
          Register
        </Link>
      </p>
    </form>
  )
}
