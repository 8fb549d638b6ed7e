import { useSuspenseQuery } from '@tanstack/react-query'
import {
  createFileRoute,
  notFound,
  useRouter,
  type ErrorComponentProps,
} from '@tanstack/react-router'
import { useEffect } from 'react'
import { FavoriteAndListActions } from '@/app/movie-actions'
import { RetryButton } from '@/components/errors/retry-button'
import { DocumentTitle } from '@/components/ui/document-title'
import { LazyOfflineMessage } from '@/components/ui/lazy-offline-message'
import { PageHeading } from '@/components/ui/page-heading'
import { StatusMessage } from '@/components/ui/status-message'
import { useUnseenFilter } from '@/features/lists/hide-seen'
import { HideSeenCheckbox } from '@/features/lists/hide-seen-checkbox'
import { personQueryOptions } from '@/features/people/api/get-person'
import { PersonDetails } from '@/features/people/components/person-details'
import { personName } from '@/features/people/life'
import { personMessages } from '@/features/people/messages'
import { TmdbError } from '@/lib/tmdb'
import { parseTmdbId } from '@/lib/tmdb/ids'

export const Route = createFileRoute('/person/$personId')({
  loader: async ({ context, params }) => {
    const personId = parseTmdbId(params.personId)
    if (personId === null) throw notFound()
    await context.queryClient.query(personQueryOptions(context.tmdb, personId))
    return { personId }
  },
  pendingComponent: PersonPending,
  pendingMs: 300,
  errorComponent: PersonError,
  component: PersonPage,
})

function PersonPage() {
  const { personId } = Route.useLoaderData()
  const { tmdb } = Route.useRouteContext()
  const { data: person } = useSuspenseQuery(personQueryOptions(tmdb, personId))
  const keep = useUnseenFilter()
  return (
    <>
      <DocumentTitle title={personName(person)} />
      <PersonDetails
        person={person}
        actions={FavoriteAndListActions}
        keep={keep}
        filterControl={<HideSeenCheckbox />}
      />
    </>
  )
}

function PersonPending() {
  return (
    <>
      <DocumentTitle title="Loading person" />
      <PageHeading className="sr-only">Person</PageHeading>
      <StatusMessage>{personMessages.loading}</StatusMessage>
    </>
  )
}

function PersonError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
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
      <DocumentTitle title="Person unavailable" />
      <PageHeading className="sr-only">Person</PageHeading>
      <StatusMessage tone="error">{personMessages.failed}</StatusMessage>
      <LazyOfflineMessage error={error} />
      <div className="text-center">
        <RetryButton reset={reset} className="btn-secondary" />
      </div>
    </>
  )
}
