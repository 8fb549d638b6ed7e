import { useDeferredValue, useMemo, type ReactNode } from 'react'
import { DocumentTitle } from '@/components/ui/document-title'
import { PageHeading } from '@/components/ui/page-heading'
import { StatusMessage } from '@/components/ui/status-message'
import { ListTools, type SortChoice } from '@/features/lists/components/list-tools'
import { ListTransfer, type TransferSource } from '@/features/lists/components/list-transfer'
import { viewList, type ListViewEntry } from '@/features/lists/list-view'
import type { ListViewSearch } from '@/features/lists/list-view-search'
import { listMessages } from '@/features/lists/messages'

export function ListPage<T extends ListViewEntry>({
  heading,
  movies,
  emptyMessage,
  search,
  onSearchChange,
  renderList,
  transfer,
  narrowing,
  sorts,
  intro,
  headingProps,
}: {
  heading: string
  movies: readonly T[]
  emptyMessage: string
  search: ListViewSearch
  onSearchChange: (next: ListViewSearch) => void
  renderList: (movies: readonly T[]) => ReactNode
  transfer?: TransferSource
  sorts?: SortChoice
  /** What follows the heading: a list's description and its own tools. */
  intro?: ReactNode
  headingProps?: { dir?: 'auto' }
  /** A further filter of the page's own, beside the tools. */
  narrowing?: {
    control: ReactNode
    keep: (movie: T) => boolean
    status?: ReactNode
    noneMessage?: string | undefined
  }
}) {
  const { sort, filter } = search
  const keep = narrowing?.keep
  const view = useMemo(() => {
    const sorted = viewList(movies, { sort: sort ?? sorts?.default, filter } as ListViewSearch)
    return keep ? sorted.filter(keep) : sorted
  }, [movies, sort, filter, keep, sorts?.default])
  // Typing stays responsive on a long list: the cards follow the box, not the other way round.
  const shown = useDeferredValue(view)
  let content: ReactNode
  if (movies.length === 0) content = <StatusMessage>{emptyMessage}</StatusMessage>
  else if (view.length === 0)
    content = (
      <StatusMessage>
        {filter?.trim() || !narrowing?.noneMessage
          ? listMessages.noMatch(filter ?? '')
          : narrowing.noneMessage}
      </StatusMessage>
    )
  else content = renderList(shown)
  return (
    <>
      <DocumentTitle title={heading} />
      <div className="mb-6 space-y-4">
        {movies.length > 0 && (
          <ListTools
            search={search}
            onSearchChange={onSearchChange}
            shown={view.length}
            total={movies.length}
            {...(sorts ? { sorts } : {})}
          >
            {narrowing?.control}
          </ListTools>
        )}
        {movies.length > 0 && narrowing?.status}
        {transfer && <ListTransfer target={{ ...transfer, movies }} />}
      </div>
      <PageHeading className="mb-6" {...headingProps}>
        {heading}
      </PageHeading>
      {intro}
      {content}
    </>
  )
}
