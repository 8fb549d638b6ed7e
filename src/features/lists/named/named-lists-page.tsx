import { Link, useNavigate } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { DocumentTitle } from '@/components/ui/document-title'
import { PageHeading } from '@/components/ui/page-heading'
import { Poster } from '@/components/ui/poster'
import { StatusMessage } from '@/components/ui/status-message'
import { ListForm } from '@/features/lists/named/list-form'
import { namedListMessages as m } from '@/features/lists/named/messages'
import { namedLists, useNamedLists, type NamedList } from '@/lib/movie-lists/named-lists'
import { notify } from '@/lib/toast'

const changedAt = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' })

function formatChanged(iso: string): string {
  const time = Date.parse(iso)
  return Number.isNaN(time) ? '' : changedAt.format(time)
}

/** `/lists`: the person's own lists, last changed first, and "New list". */
export function NamedListsPage() {
  const lists = useNamedLists((state) => state.lists)
  const [creating, setCreating] = useState(false)
  const newButton = useRef<HTMLButtonElement>(null)
  const navigate = useNavigate()
  return (
    <>
      <DocumentTitle title={m.title} />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <PageHeading>{m.title}</PageHeading>
        {!creating && (
          <button
            ref={newButton}
            type="button"
            className="btn-primary"
            onClick={() => {
              setCreating(true)
            }}
          >
            {m.newList}
          </button>
        )}
      </div>
      {creating && (
        <section aria-labelledby="new-list-heading" className="mb-8 max-w-xl">
          <h2 id="new-list-heading" className="mb-3 text-xl font-semibold text-white">
            {m.newList}
          </h2>
          <ListForm
            focusFirst
            submitLabel={m.create}
            onSubmit={(draft) => {
              const made = namedLists.create(draft)
              if (!made.ok) return made.problem
              notify.success(m.created(made.value.name))
              void navigate({ to: '/lists/$listId', params: { listId: made.value.id } })
              return null
            }}
            onCancel={() => {
              setCreating(false)
              requestAnimationFrame(() => newButton.current?.focus())
            }}
          />
        </section>
      )}
      {lists.length === 0 ? (
        <StatusMessage>{m.none}</StatusMessage>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {lists.map((list) => (
            <li key={list.id}>
              <ListSummaryCard list={list} />
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

function ListSummaryCard({ list }: { list: NamedList }) {
  const posters = list.movies.slice(0, 4)
  return (
    <article className="h-full rounded-lg border border-slate-800 bg-slate-900 p-4">
      <div className="mb-3 grid h-24 grid-cols-4 gap-1" aria-hidden="true">
        {posters.map((movie) => (
          <Poster
            key={movie.id}
            path={movie.poster_path}
            title={movie.title}
            size="w200"
            decorative
            className="h-24 w-full rounded object-cover"
          />
        ))}
      </div>
      <h2 className="text-lg font-semibold wrap-break-word">
        <Link
          to="/lists/$listId"
          params={{ listId: list.id }}
          className="text-white underline-offset-4 hover:text-brand hover:underline"
          dir="auto"
        >
          {list.name}
        </Link>
      </h2>
      <p className="text-sm text-slate-300">
        {m.movieCount(list.movies.length)}
        {list.ranked ? ` · ${m.ranked}` : ''}
      </p>
      <p className="text-sm text-slate-400">{m.changed(formatChanged(list.updatedAt))}</p>
    </article>
  )
}
