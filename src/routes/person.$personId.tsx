import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound, type ErrorComponentProps } from '@tanstack/react-router'
import { FavoriteAndListActions } from '@/app/movie-actions'
import { DetailError } from '@/components/errors/detail-error'
import { DocumentTitle } from '@/components/ui/document-title'
import { PageHeading } from '@/components/ui/page-heading'
import { StatusMessage } from '@/components/ui/status-message'
import { useUnseenFilter } from '@/features/lists/hide-seen'
import { HideSeenCheckbox } from '@/features/lists/hide-seen-checkbox'
import { personQueryOptions } from '@/features/people/api/get-person'
import { PersonDetails } from '@/features/people/components/person-details'
import { personName } from '@/features/people/life'
import { personMessages } from '@/features/people/messages'
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

function PersonError(props: ErrorComponentProps) {
  return (
    <DetailError
      {...props}
      title="Person unavailable"
      heading="Person"
      message={personMessages.failed}
    />
  )
}
