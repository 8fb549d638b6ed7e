import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Poster } from '@/components/ui/poster'
import { StatusMessage } from '@/components/ui/status-message'
import { useUnseenFilter } from '@/features/lists/hide-seen'
import { displayTitle } from '@/features/movies/display'
import {
  firstResults,
  searchFirstPageQueryOptions,
  searchMoviesQueryOptions,
} from '@/features/search/api/search-movies'
import { searchMessages } from '@/features/search/messages'

export function SearchResults({ term, year }: { term: string; year?: number | undefined }) {
  const search = useQuery(searchMoviesQueryOptions(term, year))
  // Page 1's results show while the other pages load: one round trip instead of two.
  const firstPage = useQuery(searchFirstPageQueryOptions(term, year))
  const merged = search.data ?? (search.isPending ? firstPage.data : undefined)
  const keep = useUnseenFilter()
  const movies = merged && firstResults(merged, keep)

  if (!term) return <StatusMessage>{searchMessages.prompt}</StatusMessage>
  if (search.isError) return <StatusMessage tone="error">{searchMessages.error}</StatusMessage>
  if (!movies) return <StatusMessage>{searchMessages.loading}</StatusMessage>
  if (movies.length === 0) return <StatusMessage>{searchMessages.noResults}</StatusMessage>

  return (
    <ul
      aria-label={`Results for “${term}”`}
      aria-busy={!search.data}
      className="grid grid-cols-2 gap-4 md:grid-cols-4"
    >
      {movies.map((movie, index) => {
        const title = displayTitle(movie.title)
        return (
          <li key={movie.id}>
            <Link
              to="/movie/$movieId"
              params={{ movieId: String(movie.id) }}
              className="group block overflow-hidden rounded-lg bg-slate-900 ring-1 ring-slate-800"
            >
              <Poster
                path={movie.poster_path}
                title={title}
                size="w200"
                priority={index === 0}
                eager={index < 4}
                decorative
              />
              <span className="block p-3 text-sm font-semibold text-white group-hover:text-brand">
                {title}
              </span>
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
