import { createFileRoute } from '@tanstack/react-router'
import { ListCards } from '@/features/lists/components/list-cards'
import { ListPage } from '@/features/lists/components/list-page'
import { seenList } from '@/features/lists/list-store'
import { parseListViewSearch } from '@/features/lists/list-view'
import { listMessages } from '@/features/lists/messages'

const messages = listMessages.seen

export const Route = createFileRoute('/_authenticated/seen')({
  validateSearch: parseListViewSearch,
  component: SeenPage,
})

function SeenPage() {
  const movies = seenList.useStore((state) => state.movies)
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <ListPage
      heading={messages.title}
      movies={movies}
      emptyMessage={messages.empty}
      search={search}
      onSearchChange={(next) => {
        // replace: each keystroke in the filter must not add a history entry.
        void navigate({ search: next, replace: true })
      }}
      renderList={(shown) => <ListCards movies={shown} moreLabel={messages.more} />}
      transfer={{ kind: 'seen', read: seenList.read, replace: seenList.replace }}
    />
  )
}
