import { QueryClient } from '@tanstack/react-query'
import { ListActions } from '@/app/movie-actions'
import { seedSearchFirstPage } from '@/features/search/api/search-movies'
import { SearchView } from '@/features/search/components/search-view'
import { parseSearchPageSearch } from '@/features/search/search-term'
import { readPagedMovies } from '@/lib/tmdb'
import { serverViewMarkup } from '@/lib/server-view'

const ignore = () => undefined

/**
 * A search's page as HTML, made by the app's server for the page it sends when it holds the
 * search's first page from TMDB: the first result's poster, the page's largest paint, then
 * shows with the HTML. It is what the search route draws once page 1 has answered, for a visitor
 * nobody is signed in as (public/theme.js shows it to no one else), and the app replaces it as
 * it mounts, keeping what was typed into its box meanwhile (src/lib/drawn-field.ts). Nothing
 * when `answer` is not a page of movies, or the URL searches for nothing.
 *
 * `search` is the URL's search as the router reads it.
 */
export function searchViewMarkup(
  search: Record<string, unknown>,
  answer: unknown,
  { imageUrl }: { imageUrl: string },
): string | undefined {
  const firstPage = readPagedMovies(answer)
  const { q: term, year } = parseSearchPageSearch(search)
  if (!firstPage || !term) return undefined
  const queryClient = new QueryClient()
  seedSearchFirstPage(queryClient, { term, year, firstPage })
  return serverViewMarkup(
    <SearchView
      term={term}
      year={year}
      onTermChange={ignore}
      onYearChange={ignore}
      resultActions={ListActions}
    />,
    { imageUrl, queryClient },
  )
}
