import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Poster } from '@/components/ui/poster'
import { StatusMessage } from '@/components/ui/status-message'
import { displayTitle } from '@/features/movies/display'
import { searchMoviesQueryOptions } from '@/features/search/api/search-movies'
import { searchMessages } from '@/features/search/messages'

export function SearchResults({ term }: { term: string }) {
  const { data, isPending, isError } = useQuery(searchMoviesQueryOptions(term))

  if (!term) return <StatusMessage>{searchMessages.prompt}</StatusMessage>
  if (isError) return <StatusMessage tone="error">{searchMessages.error}</StatusMessage>
  if (isPending) return <StatusMessage>{searchMessages.loading}</StatusMessage>
  if (data.length === 0) return <StatusMessage>{searchMessages.noResults}</StatusMessage>

  return (
    <ul aria-label={`Results for “${term}”`} className="grid grid-cols-2 gap-4 md:grid-cols-4">
      {data.map((movie, index) => {
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
                priority={index < 4}
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
