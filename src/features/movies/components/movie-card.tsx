import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import type { MovieActions } from '@/components/ui/movie-slots'
import { Poster } from '@/components/ui/poster'
import type { MovieSummary } from '@/lib/tmdb'
import { displayTitle, overviewPreview } from '@/lib/tmdb/display'

export function MovieCard({
  movie,
  priority = false,
  eager = false,
  actions: Actions,
}: {
  movie: MovieSummary
  priority?: boolean
  eager?: boolean
  actions: MovieActions
}) {
  const title = displayTitle(movie.title)
  const titleId = useId()
  return (
    <article className="flex flex-col overflow-hidden rounded-lg bg-slate-900 shadow-lg ring-1 ring-slate-800">
      <Link
        to="/movie/$movieId"
        params={{ movieId: String(movie.id) }}
        className="card-link block rounded-t-lg transition-opacity hover:opacity-90"
      >
        <Poster
          path={movie.poster_path}
          title={title}
          size="w300"
          priority={priority}
          eager={eager}
        />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 id={titleId} className="text-lg font-semibold leading-snug text-white wrap-break-word">
          {title}
        </h3>
        <p className="flex-1 text-sm text-slate-300">{overviewPreview(movie.overview)}</p>
        <Actions movie={movie} title={title} describedBy={titleId} />
      </div>
    </article>
  )
}
