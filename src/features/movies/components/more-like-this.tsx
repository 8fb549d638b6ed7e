import type { MovieActions } from '@/components/ui/movie-slots'
import { PosterTile } from '@/components/ui/poster-cards'
import { RECOMMENDATIONS_LIMIT } from '@/features/movies/detail-extras'
import type { MovieSummary } from '@/lib/tmdb'
import { displayTitle } from '@/lib/tmdb/display'

export function MoreLikeThis({
  movies,
  actions: Actions,
}: {
  movies: readonly MovieSummary[] | undefined
  actions: MovieActions
}) {
  const shown = (movies ?? []).slice(0, RECOMMENDATIONS_LIMIT)
  if (shown.length === 0) return null
  return (
    <section aria-labelledby="more-like-this-heading">
      <h2 id="more-like-this-heading" className="mb-4 text-2xl font-bold text-white">
        More like this
      </h2>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-5">
        {shown.map((movie) => {
          const title = displayTitle(movie.title)
          return (
            <li key={movie.id}>
              <PosterTile movieId={movie.id} title={title} posterPath={movie.poster_path}>
                {(titleId) => <Actions movie={movie} title={title} describedBy={titleId} />}
              </PosterTile>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
