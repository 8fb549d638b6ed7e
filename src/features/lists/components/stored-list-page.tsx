import { ListCards } from '@/features/lists/components/list-cards'
import { ListPage } from '@/features/lists/components/list-page'
import type { ListViewSearch } from '@/features/lists/list-view-search'
import { listMessages } from '@/features/lists/messages'
import type { StoredLists } from '@/features/lists/transfer/save-lists'
import { movieLists, type ListName } from '@/lib/movie-lists/list-store'

export function StoredListPage({
  name,
  lists,
  search,
  onSearchChange,
}: {
  name: ListName
  lists: StoredLists
  search: ListViewSearch
  onSearchChange: (next: ListViewSearch) => void
}) {
  const list = movieLists[name]
  const messages = listMessages[name]
  const movies = list.useStore((state) => state.movies)
  return (
    <ListPage
      heading={messages.title}
      movies={movies}
      emptyMessage={messages.empty}
      search={search}
      onSearchChange={onSearchChange}
      renderList={(shown) => <ListCards movies={shown} moreLabel={messages.more} />}
      transfer={{ kind: name, lists }}
    />
  )
}
