import { createFileRoute } from '@tanstack/react-router'
import { ListActions } from '@/app/movie-actions'
import { DocumentTitle } from '@/components/ui/document-title'
import { useUnseenFilter } from '@/features/lists/hide-seen'
import { HideSeenCheckbox } from '@/features/lists/hide-seen-checkbox'
import { searchMoviesQueryOptions } from '@/features/search/api/search-movies'
import { SearchView } from '@/features/search/components/search-view'
import { parseSearchPageSearch } from '@/features/search/search-term'
import { startRouteQuery } from '@/lib/route-query'

export const Route = createFileRoute('/search')({
  validateSearch: parseSearchPageSearch,
  loaderDeps: ({ search }) => ({ q: search.q ?? '', year: search.year }),
  loader: async ({ context, deps }) => {
    const { q, year } = deps
    if (q)
      await startRouteQuery(() =>
        context.queryClient.query(searchMoviesQueryOptions(context.tmdb, q, year)),
      )
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
