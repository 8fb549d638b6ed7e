import { createFileRoute } from '@tanstack/react-router'
import { DocumentTitle } from '@/components/ui/document-title'
import { PageHeading } from '@/components/ui/page-heading'
import { HideSeenCheckbox } from '@/features/lists/components/hide-seen-checkbox'
import { SearchBox } from '@/features/search/components/search-box'
import { searchMoviesQueryOptions } from '@/features/search/api/search-movies'
import { SearchResults } from '@/features/search/components/search-results'
import { parseSearchTerm } from '@/features/search/search-term'

export const Route = createFileRoute('/search')({
  // The searched term lives in the URL (?q=), so a search can be shared, reloaded and gone back to.
  validateSearch: (search: Record<string, unknown>): { q?: string } => {
    const q = parseSearchTerm(search.q)
    // The key is always returned: an omitted key would let the raw value through from the root.
    return { q: q || undefined }
  },
  loaderDeps: ({ search }) => ({ q: search.q ?? '' }),
  // Started, not awaited: on a shared or reloaded link the results' requests go out while the
  // page's code loads. The results show their own loading, empty and error states.
  loader: ({ context, deps }) => {
    if (deps.q) {
      void context.queryClient.query(searchMoviesQueryOptions(deps.q)).catch(() => undefined)
    }
  },
  component: SearchPage,
})

function SearchPage() {
  const { q = '' } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <>
      <DocumentTitle title={q ? `Search: ${q}` : 'Search'} />
      {/* Before the heading, which takes focus on arrival: Tab goes on to the search box. */}
      <HideSeenCheckbox className="float-right mt-2" />
      <PageHeading className="mb-6">Search Movies</PageHeading>
      <SearchBox
        term={q}
        onTermChange={(term) => {
          // replace: typing must not add a history entry per pause.
          void navigate({ search: term ? { q: term } : {}, replace: true })
        }}
      />
      <SearchResults term={q} />
    </>
  )
}
