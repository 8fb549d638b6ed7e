import { createFileRoute, redirect } from '@tanstack/react-router'
import { DocumentTitle } from '@/components/ui/document-title'
import { PageHeading } from '@/components/ui/page-heading'
import { RegisterForm } from '@/features/auth/components/register-form'
import { useSignedInRedirect } from '@/routes/-components/use-signed-in-redirect'

export const Route = createFileRoute('/register')({
  beforeLoad: ({ context }) => {
    if (context.session.getState().currentUser) throw redirect({ to: '/' })
  },
  component: RegisterPage,
})

function RegisterPage() {
  useSignedInRedirect()
  return (
    <section className="below-toasts mx-auto max-w-md">
      <DocumentTitle title="Register" />
      <PageHeading className="mb-8 text-center">Register</PageHeading>
      <RegisterForm />
    </section>
  )
}
