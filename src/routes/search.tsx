import { createFileRoute } from '@tanstack/react-router'
import { ListActions } from '@/app/movie-actions'
import { DocumentTitle } from '@/components/ui/document-title'
import { useUnseenFilter } from '@/features/lists/hide-seen'
import { HideSeenCheckbox } from '@/features/lists/hide-seen-checkbox'
import { searchPeopleQueryOptions } from '@/features/people/api/search-people'
import { PeopleResults } from '@/features/people/components/people-results'
import { searchMoviesQueryOptions } from '@/features/search/api/search-movies'
import { SearchView } from '@/features/search/components/search-view'
import { parseSearchPageSearch } from '@/features/search/search-term'
import { startRouteQuery } from '@/lib/route-query'

export const Route = createFileRoute('/search')({
  validateSearch: parseSearchPageSearch,
  loaderDeps: ({ search }) => ({ q: search.q ?? '', year: search.year, type: search.type }),
  loader: async ({ context, deps }) => {
    const { q, year, type } = deps
    if (!q) return
    await startRouteQuery(() =>
      type === 'person'
        ? context.queryClient.query(searchPeopleQueryOptions(context.tmdb, q))
        : context.queryClient.query(searchMoviesQueryOptions(context.tmdb, q, year)),
    )
  },
  component: SearchPage,
})

function SearchPage() {
  const { q = '', year, type } = Route.useSearch()
  const navigate = Route.useNavigate()
  const keep = useUnseenFilter()
  const title =
    type === 'person'
      ? q
        ? `People: ${q}`
        : 'Search people'
      : q
        ? `Search: ${q}${year === undefined ? '' : ` (${String(year)})`}`
        : 'Search'
  return (
    <>
      <DocumentTitle title={title} />
      <SearchView
        type={type ?? 'movie'}
        term={q}
        year={year}
        onTermChange={(term) => {
          void navigate({ search: { ...(term ? { q: term } : {}), year, type }, replace: true })
        }}
        onYearChange={(next) => {
          void navigate({ search: { ...(q ? { q } : {}), year: next } })
        }}
        resultActions={ListActions}
        keep={keep}
        filterControl={<HideSeenCheckbox className="float-right mt-2" />}
        peopleResults={<PeopleResults term={q} />}
      />
    </>
  )
}
