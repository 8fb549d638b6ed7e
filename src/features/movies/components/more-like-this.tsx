import { Link } from '@tanstack/react-router'
import { Poster } from '@/components/ui/poster'
import { RECOMMENDATIONS_LIMIT } from '@/features/movies/detail-extras'
import { displayTitle } from '@/features/movies/display'
import type { MovieSummary } from '@/lib/tmdb'

/** Up to ten recommended films as poster cards; each link preloads its page on intent. */
export function MoreLikeThis({ movies }: { movies: readonly MovieSummary[] | undefined }) {
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
              <Link
                to="/movie/$movieId"
                params={{ movieId: String(movie.id) }}
                className="group block overflow-hidden rounded-lg bg-slate-900 ring-1 ring-slate-800"
              >
                <Poster path={movie.poster_path} title={title} size="w200" decorative />
                <span className="block p-3 text-sm font-semibold text-white group-hover:text-brand">
                  {title}
                </span>
              </Link>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
