import type { ListViewSearch } from '@/features/lists/list-view-search'

interface ListRoute<S extends ListViewSearch> {
  useSearch: () => S
  useNavigate: () => (options: { search: S; replace: true }) => Promise<void>
}

export function useListViewSearch<S extends ListViewSearch>(route: ListRoute<S>) {
  const navigate = route.useNavigate()
  const search = route.useSearch()
  return {
    search,
    // A tool changes its own key; the page's other keys (the watchlist's services) stay.
    onSearchChange: (next: S) => void navigate({ search: { ...search, ...next }, replace: true }),
  }
}
