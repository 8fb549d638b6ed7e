import { createFileRoute, redirect } from '@tanstack/react-router'
import { DocumentTitle } from '@/components/ui/document-title'
import { LoginView } from '@/features/auth/components/login-view'
import { safeRedirectPath } from '@/features/auth/redirect'
import { useSignedInRedirect } from '@/routes/-components/use-signed-in-redirect'

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => {
    return { redirect: safeRedirectPath(search.redirect) }
  },
  beforeLoad: ({ context }) => {
    if (context.session.getState().currentUser) throw redirect({ to: '/' })
  },
  component: LoginPage,
})

function LoginPage() {
  const { redirect: redirectTo = '/' } = Route.useSearch()
  useSignedInRedirect()
  return (
    <>
      <DocumentTitle title="Login" />
      <LoginView redirectTo={redirectTo} />
    </>
  )
}
