import { PageHeading } from '@/components/ui/page-heading'
import { LoginForm } from '@/features/auth/components/login-form'

export function LoginView({ redirectTo }: { redirectTo: string }) {
  return (
    <section className="below-toasts mx-auto max-w-md">
      <PageHeading className="mb-8 text-center">Login</PageHeading>
      <LoginForm redirectTo={redirectTo} />
    </section>
  )
}
