import { createFileRoute, Link } from '@tanstack/react-router'
import { DocumentTitle } from '@/components/ui/document-title'
import { PageHeading } from '@/components/ui/page-heading'
import { AccountSettings } from '@/features/auth/components/account/account-settings'
import { ListSyncStatus } from '@/features/lists/sync-status'
import { myServicesMessages } from '@/features/movies/my-services-messages'
import { userData } from '@/routes/-components/user-data'

export const Route = createFileRoute('/_authenticated/account')({
  component: AccountPage,
})

function AccountPage() {
  return (
    <section className="below-toasts mx-auto max-w-2xl">
      <DocumentTitle title="Account" />
      <PageHeading className="mb-8">Account</PageHeading>
      <AccountSettings
        userData={userData}
        syncStatus={<ListSyncStatus />}
        services={
          <p className="text-slate-300">
            {myServicesMessages.accountLinkIntro}{' '}
            <Link
              to="/account/services"
              className="font-semibold text-brand underline underline-offset-2"
            >
              {myServicesMessages.accountLink}
            </Link>
          </p>
        }
      />
    </section>
  )
}
