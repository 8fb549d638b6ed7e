import { createFileRoute } from '@tanstack/react-router'
import { DocumentTitle } from '@/components/ui/document-title'
import { PageHeading } from '@/components/ui/page-heading'
import { HideSeenCheckbox } from '@/features/lists/hide-seen-checkbox'
import { YearSelect } from '@/components/ui/year-select'
import { SearchBox } from '@/features/search/components/search-box'
import { searchMoviesQueryOptions } from '@/features/search/api/search-movies'
import { SearchResults } from '@/features/search/components/search-results'
import { parseSearchPageSearch } from '@/features/search/search-term'

export const Route = createFileRoute('/search')({
  // The searched term lives in the URL (?q=), with its year (?year=) if one is chosen, so a
  // search can be shared, reloaded and gone back to.
  // The entry reads the URL with the same function (src/preload-landing-page.ts).
  validateSearch: parseSearchPageSearch,
  loaderDeps: ({ search }) => ({ q: search.q ?? '', year: search.year }),
  // Started, not awaited: on a shared or reloaded link the results' requests go out while the
  // page's code loads. The results show their own loading, empty and error states.
  loader: ({ context, deps }) => {
    if (deps.q) {
      void context.queryClient
        .query(searchMoviesQueryOptions(deps.q, deps.year))
        .catch(() => undefined)
    }
  },
  component: SearchPage,
})

function SearchPage() {
  const { q = '', year } = Route.useSearch()
  const navigate = Route.useNavigate()
  const title = q ? `Search: ${q}${year === undefined ? '' : ` (${String(year)})`}` : 'Search'
  return (
    <>
      <DocumentTitle title={title} />
      {/* Before the heading, which takes focus on arrival: Tab goes on to the search box. */}
      <HideSeenCheckbox className="float-right mt-2" />
      <PageHeading className="mb-6">Search Movies</PageHeading>
      <div className="flex items-end gap-4">
        <div className="min-w-0 flex-1">
          <SearchBox
            term={q}
            onTermChange={(term) => {
              // replace: typing must not add a history entry per pause.
              void navigate({ search: { ...(term ? { q: term } : {}), year }, replace: true })
            }}
          />
        </div>
        <YearSelect
          year={year}
          className="mb-8 w-32"
          onChange={(next) => {
            void navigate({ search: { ...(q ? { q } : {}), year: next } })
          }}
        />
      </div>
      <SearchResults term={q} year={year} />
    </>
  )
}
