import { Link, useNavigate } from '@tanstack/react-router'
import { memo, useCallback, useMemo, useRef, useState, type DragEvent } from 'react'
import { BatchedCardList } from '@/components/ui/batched-card-list'
import { DocumentTitle } from '@/components/ui/document-title'
import { PageHeading } from '@/components/ui/page-heading'
import { PosterCard } from '@/components/ui/poster-cards'
import { ListPage } from '@/features/lists/components/list-page'
import { HideSeenCheckbox } from '@/features/lists/hide-seen-checkbox'
import { useUnseenFilter } from '@/features/lists/hide-seen'
import { ListToggles } from '@/features/lists/list-toggles'
import {
  DEFAULT_NAMED_LIST_SORT,
  NAMED_LIST_SORTS,
  type NamedListSearch,
} from '@/features/lists/list-view-search'
import { ListForm } from '@/features/lists/named/list-form'
import { namedListMessages as m } from '@/features/lists/named/messages'
import { SharePanel } from '@/features/lists/named/share-panel'
import type { StoredLists } from '@/features/lists/transfer/save-lists'
import { accountsMode } from '@/config/accounts-mode'
import {
  namedLists,
  useNamedLists,
  type MovieProblem,
  type NamedEntry,
  type NamedList,
} from '@/lib/movie-lists/named-lists'
import { StorageError } from '@/lib/storage'
import { notify } from '@/lib/toast'
import { namedListKey } from '@/shared/lists/named'

const SORTS = {
  options: Object.entries(NAMED_LIST_SORTS).map(([value, label]) => ({ value, label })),
  default: DEFAULT_NAMED_LIST_SORT,
}

function saved(change: () => MovieProblem | null): boolean {
  try {
    const problem = change()
    if (problem) notify.error(m.movieProblems[problem])
    return problem === null
  } catch (error) {
    if (!(error instanceof StorageError)) throw error
    notify.error(m.storageFailed)
    return false
  }
}

interface Reorder {
  move: (movie: NamedEntry, by: number) => void
  drop: (movieId: number, onto: number) => void
}

/** `/lists/$listId`: one of the person's own lists, in their order. */
export function NamedListPage({
  listId,
  lists,
  search,
  onSearchChange,
}: {
  listId: string
  lists: StoredLists
  search: NamedListSearch
  onSearchChange: (next: NamedListSearch) => void
}) {
  const list = useNamedLists((state) => state.lists.find((each) => each.id === listId))
  if (!list) return <MissingList />
  return <OwnList list={list} lists={lists} search={search} onSearchChange={onSearchChange} />
}

function MissingList() {
  return (
    <>
      <DocumentTitle title={m.title} />
      <PageHeading className="mb-6">{m.title}</PageHeading>
      <p className="mb-4 text-slate-300">{m.notFound}</p>
      <Link to="/lists" className="text-brand underline">
        {m.title}
      </Link>
    </>
  )
}

function OwnList({
  list,
  lists,
  search,
  onSearchChange,
}: {
  list: NamedList
  lists: StoredLists
  search: NamedListSearch
  onSearchChange: (next: NamedListSearch) => void
}) {
  const navigate = useNavigate()
  const [editing, setEditing] = useState(false)
  const [announcement, setAnnouncement] = useState('')
  const editButton = useRef<HTMLButtonElement>(null)
  const unseen = useUnseenFilter()
  const movies = list.movies
  const ordered = (search.sort ?? DEFAULT_NAMED_LIST_SORT) === 'custom'
  const reorderable = ordered && !search.filter?.trim()

  const listId = list.id
  const reorder: Reorder = useMemo(() => {
    const current = () => useNamedLists.getState().lists.find((each) => each.id === listId) ?? null
    return {
      move: (movie, by) => {
        const held = current()
        if (!held) return
        const from = held.movies.findIndex((entry) => entry.id === movie.id)
        const to = from + by
        if (from < 0 || to < 0 || to >= held.movies.length) return
        if (saved(() => namedLists.move(listId, movie.id, to))) {
          setAnnouncement(m.moved(movie.title, to + 1, held.movies.length))
        }
      },
      drop: (movieId, onto) => {
        const held = current()
        const movie = held?.movies.find((entry) => entry.id === movieId)
        if (!held || !movie) return
        if (saved(() => namedLists.move(listId, movieId, onto))) {
          setAnnouncement(m.moved(movie.title, onto + 1, held.movies.length))
        }
      },
    }
  }, [listId])
  const listName = list.name
  const removeMovie = useCallback(
    (movie: NamedEntry) => {
      if (saved(() => namedLists.removeMovie(listId, movie.id))) {
        setAnnouncement(m.removed(movie.title, listName))
      }
    },
    [listId, listName],
  )

  const deleteList = () => {
    let snapshot: NamedList | null
    try {
      snapshot = namedLists.remove(list.id)
    } catch (error) {
      if (!(error instanceof StorageError)) throw error
      notify.error(m.storageFailed)
      return
    }
    if (!snapshot) return
    const kept = snapshot
    notify.success(m.deleted(kept.name), {
      action: {
        label: m.undo,
        onClick: () => {
          try {
            namedLists.restore(kept)
            notify.success(m.restored(kept.name))
          } catch (error) {
            if (!(error instanceof StorageError)) throw error
            notify.error(m.storageFailed)
          }
        },
      },
    })
    void navigate({ to: '/lists' })
  }

  const positions = useMemo(
    () => new Map(movies.map((movie, index) => [movie.id, index])),
    [movies],
  )
  const intro = (
    <div className="mb-6 space-y-4">
      {list.description && (
        <p dir="auto" className="max-w-prose whitespace-pre-line text-slate-300 wrap-break-word">
          {list.description}
        </p>
      )}
      {editing ? (
        <section aria-label={m.edit} className="max-w-xl">
          <ListForm
            initial={{ name: list.name, description: list.description, ranked: list.ranked }}
            submitLabel={m.save}
            onSubmit={(draft) => {
              const result = namedLists.update(list.id, draft)
              if (!result.ok) return result.problem
              setEditing(false)
              notify.success(m.saved)
              requestAnimationFrame(() => editButton.current?.focus())
              return null
            }}
            onCancel={() => {
              setEditing(false)
              requestAnimationFrame(() => editButton.current?.focus())
            }}
          />
        </section>
      ) : (
        <div className="flex flex-wrap gap-2">
          <button
            ref={editButton}
            type="button"
            className="btn-secondary text-sm"
            onClick={() => {
              setEditing(true)
            }}
          >
            {m.edit}
          </button>
          <button type="button" className="btn-danger text-sm" onClick={deleteList}>
            {m.deleteList}
          </button>
        </div>
      )}
      {accountsMode() === 'server' && <SharePanel list={namedListKey(list.id)} />}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  )
  return (
    <ListPage
      heading={list.name}
      headingProps={{ dir: 'auto' }}
      movies={movies}
      emptyMessage={m.empty}
      search={search}
      onSearchChange={onSearchChange}
      sorts={SORTS}
      intro={intro}
      transfer={{
        kind: 'named',
        listId: list.id,
        listName: list.name,
        description: list.description,
        ranked: list.ranked,
        lists,
      }}
      narrowing={{ control: <HideSeenCheckbox className="pb-2" />, keep: unseen }}
      renderList={(shown) => (
        <BatchedCardList
          items={shown}
          moreLabel={m.more}
          renderCard={(movie, priority) => (
            <NamedCard
              movie={movie}
              priority={priority}
              rank={list.ranked ? (positions.get(movie.id) ?? 0) + 1 : null}
              index={positions.get(movie.id) ?? 0}
              count={movies.length}
              reorder={reorderable ? reorder : null}
              onRemove={removeMovie}
            />
          )}
        />
      )}
    />
  )
}

const DRAG_TYPE = 'application/x-cinelist-movie'

const NamedCard = memo(function NamedCard({
  movie,
  priority,
  rank,
  index,
  count,
  reorder,
  onRemove,
}: {
  movie: NamedEntry
  priority: boolean
  rank: number | null
  index: number
  count: number
  reorder: Reorder | null
  onRemove: (movie: NamedEntry) => void
}) {
  const [over, setOver] = useState(false)
  const dragProps = reorder
    ? {
        draggable: true,
        onDragStart: (event: DragEvent) => {
          event.dataTransfer.setData(DRAG_TYPE, String(movie.id))
          event.dataTransfer.effectAllowed = 'move'
        },
        onDragOver: (event: DragEvent) => {
          if (!event.dataTransfer.types.includes(DRAG_TYPE)) return
          event.preventDefault()
          setOver(true)
        },
        onDragLeave: () => {
          setOver(false)
        },
        onDrop: (event: DragEvent) => {
          event.preventDefault()
          setOver(false)
          const id = Number(event.dataTransfer.getData(DRAG_TYPE))
          if (Number.isInteger(id) && id !== movie.id) reorder.drop(id, index)
        },
      }
    : {}
  return (
    <div {...dragProps} className={`h-full rounded-lg ${over ? 'ring-2 ring-brand' : ''}`}>
      <PosterCard
        movieId={movie.id}
        title={movie.title}
        posterPath={movie.poster_path}
        priority={priority}
      >
        {(titleId) => (
          <div className="mt-auto space-y-2 px-4 pb-4 pt-1">
            {rank !== null && <p className="text-sm font-semibold text-brand">{m.rank(rank)}</p>}
            <ListToggles movie={movie} title={movie.title} describedBy={titleId} />
            <div className="flex flex-wrap gap-2">
              {reorder && (
                <>
                  <button
                    type="button"
                    className="btn-secondary px-2 py-1 text-xs"
                    aria-describedby={titleId}
                    aria-disabled={index === 0 || undefined}
                    onClick={() => {
                      reorder.move(movie, -1)
                    }}
                  >
                    {m.moveUp}
                  </button>
                  <button
                    type="button"
                    className="btn-secondary px-2 py-1 text-xs"
                    aria-describedby={titleId}
                    aria-disabled={index === count - 1 || undefined}
                    onClick={() => {
                      reorder.move(movie, 1)
                    }}
                  >
                    {m.moveDown}
                  </button>
                </>
              )}
              <button
                type="button"
                className="btn-secondary px-2 py-1 text-xs"
                aria-describedby={titleId}
                onClick={() => {
                  onRemove(movie)
                }}
              >
                {m.remove}
              </button>
            </div>
          </div>
        )}
      </PosterCard>
    </div>
  )
})
