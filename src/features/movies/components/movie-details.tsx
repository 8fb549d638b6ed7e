import { Poster } from '@/components/ui/poster'
import type { MovieActions } from '@/components/ui/movie-slots'
import { Facts } from '@/components/ui/facts'
import { PageHeading } from '@/components/ui/page-heading'
import { MoreLikeThis } from '@/features/movies/components/more-like-this'
import { MovieCast } from '@/features/movies/components/movie-cast'
import { PeopleLinks } from '@/features/movies/components/person-link'
import { WhereToWatch } from '@/features/movies/components/where-to-watch'
import {
  directors,
  displayDollars,
  displayRuntime,
  trailerUrl,
  usCertification,
} from '@/features/movies/detail-extras'
import type { MovieDetail } from '@/lib/tmdb'
import {
  displayGenres,
  displayRating,
  displayReleaseDate,
  displayTitle,
  movieFallbacks,
} from '@/lib/tmdb/display'

export function MovieDetails({
  movie,
  actions: Actions,
  recommendationActions,
}: {
  movie: MovieDetail
  actions: MovieActions
  recommendationActions: MovieActions
}) {
  const title = displayTitle(movie.title)
  const directedBy = directors(movie.credits)
  const facts = [
    ['Release Date', displayReleaseDate(movie.release_date)],
    ['Rating', displayRating(movie.vote_average)],
    ['Genres', displayGenres(movie.genres)],
    ['Runtime', displayRuntime(movie.runtime)],
    ['Director', directedBy.length ? <PeopleLinks people={directedBy} /> : undefined],
    ['Certification', usCertification(movie.release_dates)],
    ['Budget', displayDollars(movie.budget)],
    ['Revenue', displayDollars(movie.revenue)],
  ] as const
  const trailer = trailerUrl(movie.videos)

  return (
    <article className="grid gap-8 md:grid-cols-[300px_1fr]">
      {movie.poster_path && (
        <div className="mx-auto w-full max-w-[300px] self-start overflow-hidden rounded-lg shadow-xl ring-1 ring-slate-800">
          <Poster path={movie.poster_path} title={title} size="w300" priority />
        </div>
      )}
      <div className="space-y-6">
        <PageHeading className="text-4xl">{title}</PageHeading>
        <p className="max-w-3xl text-lg leading-relaxed text-slate-200">
          {movie.overview?.trim() || movieFallbacks.overview}
        </p>
        <Facts facts={facts} className="gap-y-3" />
        {trailer && (
          <p>
            <a href={trailer} target="_blank" rel="noopener noreferrer" className="btn-secondary">
              Watch trailer<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
        )}
        <div className="max-w-xs space-y-2">
          <Actions movie={movie} title={title} />
        </div>
        <WhereToWatch providers={movie['watch/providers']} />
      </div>
      <div className="space-y-10 md:col-span-2">
        <MovieCast credits={movie.credits} />
        <MoreLikeThis movies={movie.recommendations?.results} actions={recommendationActions} />
      </div>
    </article>
  )
}
