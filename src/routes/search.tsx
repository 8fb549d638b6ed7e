import { createFileRoute } from '@tanstack/react-router'
import { ListActions } from '@/app/movie-actions'
import { DocumentTitle } from '@/components/ui/document-title'
import { useUnseenFilter } from '@/features/lists/hide-seen'
import { HideSeenCheckbox } from '@/features/lists/hide-seen-checkbox'
import { searchMoviesQueryOptions } from '@/features/search/api/search-movies'
import { SearchView } from '@/features/search/components/search-view'
import { parseSearchPageSearch } from '@/features/search/search-term'

export const Route = createFileRoute('/search')({
  validateSearch: parseSearchPageSearch,
  loaderDeps: ({ search }) => ({ q: search.q ?? '', year: search.year }),
  // In the browser started, not awaited: on a shared or reloaded link the results' requests go
  // out while the page's code loads. The results show their own loading, empty and error
  // states. The server waits, to send the results.
  loader: async ({ context, deps }) => {
    if (!deps.q) return
    const results = context.queryClient
      .query(searchMoviesQueryOptions(context.tmdb, deps.q, deps.year))
      .catch(() => undefined)
    if (import.meta.env.SSR) await results
  },
  component: SearchPage,
})

function SearchPage() {
  const { q = '', year } = Route.useSearch()
  const navigate = Route.useNavigate()
  const keep = useUnseenFilter()
  const title = q ? `Search: ${q}${year === undefined ? '' : ` (${String(year)})`}` : 'Search'
  return (
    <>
      <DocumentTitle title={title} />
      <SearchView
        term={q}
        year={year}
        onTermChange={(term) => {
          void navigate({ search: { ...(term ? { q: term } : {}), year }, replace: true })
        }}
        onYearChange={(next) => {
          void navigate({ search: { ...(q ? { q } : {}), year: next } })
        }}
        resultActions={ListActions}
        keep={keep}
        filterControl={<HideSeenCheckbox className="float-right mt-2" />}
      />
    </>
  )
}
