import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound, type ErrorComponentProps } from '@tanstack/react-router'
import { DetailError } from '@/components/errors/detail-error'
import { sharedListQueryOptions, SHARED_TOKEN } from '@/features/lists/api/shared-list'
import { namedListMessages } from '@/features/lists/named/messages'
import { SharedListPage } from '@/features/lists/named/shared-list-page'

export const Route = createFileRoute('/l/$token')({
  validateSearch: (search: Record<string, unknown>): { page?: number } => {
    const page = Number(search.page)
    return { page: Number.isInteger(page) && page > 1 && page <= 1000 ? page : undefined }
  },
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: async ({ context, params, deps }) => {
    if (!SHARED_TOKEN.test(params.token)) throw notFound()
    const shared = await context.queryClient.query(
      sharedListQueryOptions(context.api, params.token, deps.page),
    )
    if (!shared) throw notFound()
  },
  errorComponent: SharedListError,
  component: SharedRoute,
})

function SharedRoute() {
  const { token } = Route.useParams()
  const { page = 1 } = Route.useSearch()
  const { api } = Route.useRouteContext()
  const navigate = Route.useNavigate()
  const { data } = useSuspenseQuery(sharedListQueryOptions(api, token, page))
  if (!data) throw notFound()
  return (
    <SharedListPage
      shared={data}
      page={page}
      token={token}
      api={api}
      onPageChange={(next) => void navigate({ search: { page: next > 1 ? next : undefined } })}
    />
  )
}

function SharedListError(props: ErrorComponentProps) {
  return (
    <DetailError
      {...props}
      title={namedListMessages.share.heading}
      heading={namedListMessages.share.heading}
      message="Error fetching data"
    />
  )
}
