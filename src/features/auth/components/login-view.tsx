import { PageHeading } from '@/components/ui/page-heading'
import { LoginForm } from '@/features/auth/components/login-form'

/**
 * The login page. Under `npm start` the server draws it too
 * (src/features/auth/login-view-markup.tsx), `unsendable`.
 */
export function LoginView({
  redirectTo,
  unsendable,
}: {
  redirectTo: string
  unsendable?: boolean
}) {
  return (
    <section className="mx-auto max-w-md py-8">
      <PageHeading className="mb-8 text-center">Login</PageHeading>
      <LoginForm redirectTo={redirectTo} unsendable={unsendable} />
    </section>
  )
}
