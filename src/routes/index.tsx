import { createFileRoute } from '@tanstack/react-router'
import { FavoriteAndListActions } from '@/app/movie-actions'
import { DocumentTitle } from '@/components/ui/document-title'
import { useUnseenFilter } from '@/features/lists/hide-seen'
import { HideSeenCheckbox } from '@/features/lists/hide-seen-checkbox'
import { popularMoviesQueryOptions } from '@/features/movies/api/discover-movies'
import { HeroBanner } from '@/features/movies/components/hero-banner'
import { DiscoverFilters } from '@/features/movies/components/discover-filters'
import { OnMyServicesCheckbox } from '@/features/movies/components/on-my-services'
import { PopularMovies } from '@/features/movies/components/popular-movies'
import {
  hasHomeFilters,
  homeFilters,
  homeHeading,
  parseHomeSearch,
  type HomeSearch,
} from '@/features/movies/home-search'
import { startRouteQuery } from '@/lib/route-query'

export const Route = createFileRoute('/')({
  // Not split: a chunk of its own would add a round trip before the first posters are requested.
  codeSplitGroupings: [],
  validateSearch: (search: Record<string, unknown>): HomeSearch => parseHomeSearch(search),
  loaderDeps: ({ search }) => ({ page: search.page ?? 1, filters: homeFilters(search) }),
  loader: ({ context, deps }) =>
    startRouteQuery(() =>
      context.queryClient.query(popularMoviesQueryOptions(context.tmdb, deps.page, deps.filters)),
    ),
  component: HomePage,
})

function HomePage() {
  const search = Route.useSearch()
  const { page = 1 } = search
  const filters = homeFilters(search)
  const navigate = Route.useNavigate()
  const keep = useUnseenFilter()
  return (
    <>
      <DocumentTitle title={homeTitle(search)} />
      <HeroBanner />
      <DiscoverFilters
        filters={filters}
        onChange={(next) => {
          void navigate({ search: next })
        }}
      />
      <PopularMovies
        page={page}
        filters={filters}
        onPageChange={(target) => {
          void navigate({ search: { ...filters, ...(target > 1 ? { page: target } : {}) } })
        }}
        onClearFilters={() => {
          void navigate({ search: {} })
        }}
        cardActions={FavoriteAndListActions}
        keep={keep}
        filterControl={
          <span className="flex flex-wrap items-center gap-x-6 gap-y-2">
            <OnMyServicesCheckbox
              on={filters.services !== undefined}
              onChange={(streaming) => {
                void navigate({ search: homeFilters({ ...filters, ...streaming }) })
              }}
            />
            <HideSeenCheckbox />
          </span>
        }
      />
    </>
  )
}

function homeTitle(search: HomeSearch): string | undefined {
  const { page = 1 } = search
  const filters = homeFilters(search)
  if (!hasHomeFilters(filters)) return page > 1 ? `Popular movies, page ${page}` : undefined
  return page > 1 ? `${homeHeading(filters)}, page ${page}` : homeHeading(filters)
}
