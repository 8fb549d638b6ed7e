import type { ListViewSearch } from '@/features/lists/list-view-search'

interface ListRoute {
  useSearch: () => ListViewSearch
  useNavigate: () => (options: { search: ListViewSearch; replace: true }) => Promise<void>
}

export function useListViewSearch(route: ListRoute) {
  const navigate = route.useNavigate()
  return {
    search: route.useSearch(),
    onSearchChange: (next: ListViewSearch) => void navigate({ search: next, replace: true }),
  }
}
