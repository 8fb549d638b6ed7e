import { createFileRoute } from '@tanstack/react-router'
import { StoredListPage } from '@/features/lists/components/stored-list-page'
import { parseWatchlistSearch, type WatchlistSearch } from '@/features/lists/list-view-search'
import { storedLists } from '@/routes/-components/stored-lists'
import { useListViewSearch } from '@/routes/-components/use-list-view-search'

export const Route = createFileRoute('/_authenticated/watchlist')({
  validateSearch: parseWatchlistSearch,
  component: WatchlistPage,
})

function WatchlistPage() {
  const { search, onSearchChange } = useListViewSearch<WatchlistSearch>(Route)
  return (
    <StoredListPage
      name="watchlist"
      lists={storedLists}
      search={search}
      onSearchChange={onSearchChange}
      streaming={{
        on: search.services === true,
        onChange: (on) => {
          onSearchChange({ ...search, services: on ? true : undefined })
        },
      }}
    />
  )
}
