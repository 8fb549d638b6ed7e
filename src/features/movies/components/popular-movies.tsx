import { useQuery } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { Pagination } from '@/components/ui/pagination'
import { popularMoviesQueryOptions } from '@/features/movies/api/discover-movies'
import { MovieCard } from '@/features/movies/components/movie-card'

/** Cards in the first row (4 at the widest layout) are loaded eagerly; the rest lazily. */
const FIRST_ROW = 4

export function PopularMovies({
  page,
  onPageChange,
}: {
  page: number
  onPageChange: (page: number) => void
}) {
  const router = useRouter()
  // Spec §8: a failure here is only logged (by the query cache); the grid stays empty.
  const { data, isPlaceholderData } = useQuery(popularMoviesQueryOptions(page))
  if (!data) return null

  return (
    <section aria-labelledby="popular-heading" aria-busy={isPlaceholderData}>
      <h2 id="popular-heading" className="mb-4 text-2xl font-bold text-white">
        Popular Movies
      </h2>
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-3 lg:grid-cols-4">
        {data.results.map((movie, index) => (
          <li key={movie.id}>
            <MovieCard movie={movie} priority={index < FIRST_ROW} />
          </li>
        ))}
      </ul>
      <Pagination
        page={page}
        totalPages={data.total_pages}
        onPageChange={onPageChange}
        onPageIntent={(target) => {
          void router.preloadRoute({ to: '/', search: { page: target } })
        }}
      />
    </section>
  )
}
