import { QueryClient } from '@tanstack/react-query'
import { FavoriteAndListActions } from '@/app/movie-actions'
import { gridPage, popularMoviesQueryOptions } from '@/features/movies/api/discover-movies'
import { DiscoverFilters } from '@/features/movies/components/discover-filters'
import { HeroBanner } from '@/features/movies/components/hero-banner'
import { PopularMovies } from '@/features/movies/components/popular-movies'
import { homeFilters, parseHomeSearch } from '@/features/movies/home-search'
import { readPagedMovies } from '@/lib/tmdb'
import { serverViewMarkup } from '@/lib/server-view'

const ignore = () => undefined

/**
 * The home page's view as HTML, made by the app's server for the page it sends when it holds
 * the grid's TMDB answer: the lead poster, the page's largest paint, then shows with the HTML
 * rather than once the app's code has run. It is what the app itself draws first for a visitor
 * nobody is signed in as (public/theme.js shows it to no one else), and the app replaces it as
 * it mounts. Nothing when `answer` is not a page of movies, as the app would not show it either.
 *
 * `search` is the URL's search as the router reads it, `imageUrl` the image host's base the
 * server gives its pages.
 */
export function homeViewMarkup(
  search: Record<string, unknown>,
  answer: unknown,
  { imageUrl }: { imageUrl: string },
): string | undefined {
  const movies = readPagedMovies(answer)
  if (!movies) return undefined
  const { page = 1, ...home } = parseHomeSearch(search)
  const filters = homeFilters(home)
  const queryClient = new QueryClient()
  queryClient.setQueryData(popularMoviesQueryOptions(page, filters).queryKey, gridPage(movies))
  return serverViewMarkup(
    // The home route's parts, in its order (src/routes/index.tsx).
    <>
      <HeroBanner />
      <DiscoverFilters filters={filters} onChange={ignore} />
      <PopularMovies
        page={page}
        filters={filters}
        onPageChange={ignore}
        onClearFilters={ignore}
        cardActions={FavoriteAndListActions}
      />
    </>,
    { imageUrl, queryClient },
  )
}
