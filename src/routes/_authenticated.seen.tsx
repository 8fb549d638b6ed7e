import { createFileRoute } from '@tanstack/react-router'
import { StoredListPage } from '@/features/lists/components/stored-list-page'
import { parseListViewSearch } from '@/features/lists/list-view-search'
import { storedLists } from '@/routes/-components/stored-lists'
import { useListViewSearch } from '@/routes/-components/use-list-view-search'

export const Route = createFileRoute('/_authenticated/seen')({
  validateSearch: parseListViewSearch,
  component: SeenPage,
})

function SeenPage() {
  return <StoredListPage name="seen" lists={storedLists} {...useListViewSearch(Route)} />
}
