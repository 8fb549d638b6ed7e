import { useQuery } from '@tanstack/react-query'
import { keepAll, type MovieActions, type MovieFilter } from '@/components/ui/movie-slots'
import { PosterTile } from '@/components/ui/poster-cards'
import { LazyOfflineMessage } from '@/components/ui/lazy-offline-message'
import { StatusMessage } from '@/components/ui/status-message'
import {
  firstResults,
  searchFirstPageQueryOptions,
  searchMoviesQueryOptions,
} from '@/features/search/api/search-movies'
import { searchMessages } from '@/features/search/messages'
import { displayTitle } from '@/lib/tmdb/display'
import { useTmdb } from '@/lib/tmdb/use-tmdb'

export function SearchResults({
  term,
  year,
  actions: Actions,
  keep = keepAll,
}: {
  term: string
  year?: number | undefined
  actions: MovieActions
  keep?: MovieFilter
}) {
  const tmdb = useTmdb()
  const search = useQuery(searchMoviesQueryOptions(tmdb, term, year))
  const firstPage = useQuery(searchFirstPageQueryOptions(term, year))
  const merged = search.data ?? (search.isPending ? firstPage.data : undefined)
  const movies = merged && firstResults(merged, keep)

  if (!term) return <StatusMessage>{searchMessages.prompt}</StatusMessage>
  if (search.isError) {
    return (
      <>
        <StatusMessage tone="error">{searchMessages.error}</StatusMessage>
        <LazyOfflineMessage error={search.error} />
      </>
    )
  }
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
            <PosterTile
              movieId={movie.id}
              title={title}
              posterPath={movie.poster_path}
              priority={index === 0}
              eager={index < 4}
            >
              {(titleId) => <Actions movie={movie} title={title} describedBy={titleId} />}
            </PosterTile>
          </li>
        )
      })}
    </ul>
  )
}
