import type { ListViewSearch } from '@/features/lists/list-view-search'

interface ListRoute {
  useSearch: () => ListViewSearch
  useNavigate: () => (options: { search: ListViewSearch; replace: true }) => Promise<void>
}

/**
 * A list page's sort and filter: read from the URL, and written back replacing the entry, as
 * each keystroke in the filter must not add a history entry.
 */
export function useListViewSearch(route: ListRoute) {
  const navigate = route.useNavigate()
  return {
    search: route.useSearch(),
    onSearchChange: (next: ListViewSearch) => void navigate({ search: next, replace: true }),
  }
}
