import { createFileRoute, redirect } from '@tanstack/react-router'
import { DocumentTitle } from '@/components/ui/document-title'
import { PageHeading } from '@/components/ui/page-heading'
import { LoginForm } from '@/features/auth/components/login-form'
import { safeRedirectPath } from '@/features/auth/redirect'

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => {
    // The key is always returned: an omitted key would let the raw value through from the root.
    return { redirect: safeRedirectPath(search.redirect) }
  },
  beforeLoad: ({ context }) => {
    if (context.session.getState().currentUser) throw redirect({ to: '/' })
  },
  component: LoginPage,
})

function LoginPage() {
  const { redirect: redirectTo = '/' } = Route.useSearch()
  return (
    <section className="mx-auto max-w-md py-8">
      <DocumentTitle title="Login" />
      <PageHeading className="mb-8 text-center">Login</PageHeading>
      <LoginForm redirectTo={redirectTo} />
    </section>
  )
}
