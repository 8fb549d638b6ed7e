import { createFileRoute } from '@tanstack/react-router'
import { StoredListPage } from '@/features/lists/components/stored-list-page'
import { parseListViewSearch } from '@/features/lists/list-view'

export const Route = createFileRoute('/_authenticated/watchlist')({
  validateSearch: parseListViewSearch,
  component: WatchlistPage,
})

function WatchlistPage() {
  const navigate = Route.useNavigate()
  return (
    <StoredListPage
      name="watchlist"
      search={Route.useSearch()}
      // replace: each keystroke in the filter must not add a history entry.
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  )
}
