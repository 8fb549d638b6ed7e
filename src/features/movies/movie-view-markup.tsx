import { FavoriteAndListActions, ListActions } from '@/app/movie-actions'
import { MovieDetails } from '@/features/movies/components/movie-details'
import { readMovieDetail } from '@/lib/tmdb'
import { serverViewMarkup } from '@/lib/server-view'

/**
 * A movie's page as HTML, made by the app's server for the page it sends when it holds the
 * movie's TMDB answer: its poster, the page's largest paint, then shows with the HTML. It is
 * what the movie route draws for a visitor nobody is signed in as (public/theme.js shows it to
 * no one else), and the app replaces it as it mounts. Nothing when `answer` is not a movie the
 * app would show.
 */
export function movieViewMarkup(
  answer: unknown,
  { imageUrl }: { imageUrl: string },
): string | undefined {
  const movie = readMovieDetail(answer)
  return (
    movie &&
    serverViewMarkup(
      <MovieDetails
        movie={movie}
        actions={FavoriteAndListActions}
        recommendationActions={ListActions}
      />,
      { imageUrl },
    )
  )
}
