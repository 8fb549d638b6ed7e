import { useSuspenseQuery } from '@tanstack/react-query'
import {
  createFileRoute,
  notFound,
  useRouter,
  type ErrorComponentProps,
} from '@tanstack/react-router'
import { useEffect } from 'react'
import { FavoriteAndListActions, ListActions } from '@/app/movie-actions'
import { RetryButton } from '@/components/errors/retry-button'
import { LazyOfflineMessage } from '@/components/ui/lazy-offline-message'
import { DocumentTitle } from '@/components/ui/document-title'
import { PageHeading } from '@/components/ui/page-heading'
import { StatusMessage } from '@/components/ui/status-message'
import { movieDetailQueryOptions } from '@/features/movies/api/get-movie'
import { MovieDetails } from '@/features/movies/components/movie-details'
import { parseTmdbId } from '@/lib/tmdb/ids'
import { movieMessages } from '@/features/movies/messages'
import { TmdbError } from '@/lib/tmdb'
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

function MovieDetailError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  // Loader errors are already logged by the query cache; anything else is a bug worth seeing.
  useEffect(() => {
    if (!(error instanceof TmdbError)) console.error(error)
  }, [error])
  useEffect(() => {
    const retry = () => {
      reset()
      void router.invalidate()
    }
    window.addEventListener('online', retry)
    return () => {
      window.removeEventListener('online', retry)
    }
  }, [reset, router])

  return (
    <>
      <DocumentTitle title="Movie unavailable" />
      <PageHeading className="sr-only">Movie details</PageHeading>
      <StatusMessage tone="error">{movieMessages.detailFailed}</StatusMessage>
      <LazyOfflineMessage error={error} />
      <div className="text-center">
        <RetryButton reset={reset} className="btn-secondary" />
      </div>
    </>
  )
}
