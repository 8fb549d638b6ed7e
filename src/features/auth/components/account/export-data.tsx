import { accountExport, accountExportFileName, type UserData } from '@/features/auth/account-export'
import { AccountSection } from '@/features/auth/components/account/account-section'
import { download } from '@/lib/download'
import type { CurrentUser } from '@/lib/session/session-store'

export function ExportData({ user, userData }: { user: CurrentUser; userData: UserData }) {
  return (
    <AccountSection
      title="Export my data"
      description="Downloads one JSON file with your name, your e-mail and all your lists: favorites, watchlist and seen."
    >
      <button
        type="button"
        className="btn-secondary"
        onClick={() => {
          const now = new Date()
          download(
            accountExportFileName(now),
            'application/json',
            accountExport(user, userData.exportLists(now), userData.exportOwnLists(now), now),
          )
        }}
      >
        Export my data
      </button>
    </AccountSection>
  )
}
