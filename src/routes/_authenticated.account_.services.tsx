import { createFileRoute, Link } from '@tanstack/react-router'
import { DocumentTitle } from '@/components/ui/document-title'
import { PageHeading } from '@/components/ui/page-heading'
import { MyServices } from '@/features/movies/components/my-services'
import { myServicesMessages } from '@/features/movies/my-services-messages'

export const Route = createFileRoute('/_authenticated/account_/services')({
  component: MyServicesPage,
})

function MyServicesPage() {
  return (
    <section className="below-toasts mx-auto max-w-2xl">
      <DocumentTitle title={myServicesMessages.title} />
      <p className="mb-4 text-sm">
        <Link to="/account" className="font-semibold text-brand underline underline-offset-2">
          {myServicesMessages.backToAccount}
        </Link>
      </p>
      <PageHeading className="mb-8">{myServicesMessages.title}</PageHeading>
      <MyServices />
    </section>
  )
}
