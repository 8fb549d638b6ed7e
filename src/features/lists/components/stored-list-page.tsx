import { ListCards } from '@/features/lists/components/list-cards'
import { ListPage } from '@/features/lists/components/list-page'
import { movieLists, type ListName } from '@/features/lists/list-store'
import type { ListViewSearch } from '@/features/lists/list-view-search'
import { listMessages } from '@/features/lists/messages'

/** The page of the watchlist or the seen list: its movies, with the list tools. */
export function StoredListPage({
  name,
  search,
  onSearchChange,
}: {
  name: ListName
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
      transfer={{ kind: name, read: list.read, replace: list.replace }}
    />
  )
}
