import { createFileRoute } from '@tanstack/react-router'
import { DocumentTitle } from '@/components/ui/document-title'
import { popularMoviesQueryOptions } from '@/features/movies/api/discover-movies'
import { HeroBanner } from '@/features/movies/components/hero-banner'
import { PopularMovies } from '@/features/movies/components/popular-movies'
import { parsePopularPage } from '@/features/movies/popular-page'

export const Route = createFileRoute('/')({
  // The landing page ships with the entry: splitting it would add a round trip before the
  // first posters can even be requested.
  codeSplitGroupings: [],
  // Page 1 is the bare "/"; anything that is not a page TMDB serves falls back to it.
  validateSearch: (search: Record<string, unknown>): { page?: number } => {
    const page = parsePopularPage(search.page)
    // The key is always returned: an omitted key would let the raw value through from the root.
    return { page: page > 1 ? page : undefined }
  },
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  // Started, not awaited: the hero paints at once, the grid joins the request in flight (and
  // keeps the previous page on screen meanwhile). A failure is only logged (behaviour §8, by the
  // query cache), never thrown here.
  loader: ({ context, deps }) => {
    void context.queryClient.query(popularMoviesQueryOptions(deps.page)).catch(() => undefined)
  },
  component: HomePage,
})

function HomePage() {
  const { page = 1 } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <>
      <DocumentTitle title={page > 1 ? `Popular movies, page ${page}` : undefined} />
      <HeroBanner />
      <PopularMovies
        page={page}
        onPageChange={(target) => {
          void navigate({ search: target > 1 ? { page: target } : {} })
        }}
      />
    </>
  )
}
