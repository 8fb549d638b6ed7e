import { createFileRoute } from '@tanstack/react-router'
import { parseNamedListSearch, type NamedListSearch } from '@/features/lists/list-view-search'
import { NamedListPage } from '@/features/lists/named/named-list-page'
import { storedLists } from '@/routes/-components/stored-lists'
import { useListViewSearch } from '@/routes/-components/use-list-view-search'

export const Route = createFileRoute('/_authenticated/lists_/$listId')({
  validateSearch: parseNamedListSearch,
  component: ListOfMine,
})

function ListOfMine() {
  const { listId } = Route.useParams()
  const { search, onSearchChange } = useListViewSearch<NamedListSearch>(Route)
  return (
    <NamedListPage
      listId={listId}
      lists={storedLists}
      search={search}
      onSearchChange={onSearchChange}
    />
  )
}
