import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound, type ErrorComponentProps } from '@tanstack/react-router'
import { FavoriteAndListActions, ListActions } from '@/app/movie-actions'
import { DetailError } from '@/components/errors/detail-error'
import { DocumentTitle } from '@/components/ui/document-title'
import { PageHeading } from '@/components/ui/page-heading'
import { StatusMessage } from '@/components/ui/status-message'
import { movieDetailQueryOptions } from '@/features/movies/api/get-movie'
import { MovieDetails } from '@/features/movies/components/movie-details'
import { parseTmdbId } from '@/lib/tmdb/ids'
import { movieMessages } from '@/features/movies/messages'
import { displayTitle } from '@/lib/tmdb/display'

export const Route = createFileRoute('/movie/$movieId')({
  loader: async ({ context, params }) => {
    const movieId = parseTmdbId(params.movieId)
    if (movieId === null) throw notFound()
    await context.queryClient.query(movieDetailQueryOptions(context.tmdb, movieId))
    return { movieId }
  },
  pendingComponent: MovieDetailPending,
  // Show 'Loading...' soon after a click rather than the default second.
  pendingMs: 300,
  errorComponent: MovieDetailError,
  component: MovieDetailPage,
})

function MovieDetailPage() {
  const { movieId } = Route.useLoaderData()
  const { tmdb } = Route.useRouteContext()
  const { data: movie } = useSuspenseQuery(movieDetailQueryOptions(tmdb, movieId))
  return (
    <>
      <DocumentTitle title={displayTitle(movie.title)} />
      <MovieDetails
        movie={movie}
        actions={FavoriteAndListActions}
        recommendationActions={ListActions}
      />
    </>
  )
}

function MovieDetailPending() {
  return (
    <>
      <DocumentTitle title="Loading movie" />
      <PageHeading className="sr-only">Movie details</PageHeading>
      <StatusMessage>{movieMessages.loading}</StatusMessage>
    </>
  )
}

function MovieDetailError(props: ErrorComponentProps) {
  return (
    <DetailError
      {...props}
      title="Movie unavailable"
      heading="Movie details"
      message={movieMessages.detailFailed}
    />
  )
}
