import { createFileRoute } from '@tanstack/react-router'
import { StoredListPage } from '@/features/lists/components/stored-list-page'
import { parseListViewSearch } from '@/features/lists/list-view'

export const Route = createFileRoute('/_authenticated/seen')({
  validateSearch: parseListViewSearch,
  component: SeenPage,
})

function SeenPage() {
  const navigate = Route.useNavigate()
  return (
    <StoredListPage
      name="seen"
      search={Route.useSearch()}
      // replace: each keystroke in the filter must not add a history entry.
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  )
}
