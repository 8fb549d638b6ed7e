import { useState } from 'react'
import { DocumentTitle } from '@/components/ui/document-title'
import { PageHeading } from '@/components/ui/page-heading'
import { Pagination } from '@/components/ui/pagination'
import { PosterTile } from '@/components/ui/poster-cards'
import {
  fetchSharedList,
  SHARED_PAGE_SIZE,
  type SharedList,
  type SharedMovie,
} from '@/features/lists/api/shared-list'
import { ListToggles } from '@/features/lists/list-toggles'
import { namedListMessages } from '@/features/lists/named/messages'
import type { ApiFetch } from '@/lib/api-fetch'
import { shownTo, useVisitor } from '@/lib/session/use-visitor'
import { posterUrl } from '@/lib/tmdb'
import { useTmdb } from '@/lib/tmdb/use-tmdb'
import { notify } from '@/lib/toast'
import { StorageError } from '@/lib/storage'
import { MAX_NAMED_LIST_ENTRIES } from '@/shared/lists/named'

const m = namedListMessages.share
const COPY_PAGE = 200

/** `/l/{token}`: a list its owner shared, for anyone, read-only. */
export function SharedListPage({
  shared,
  page,
  token,
  api,
  onPageChange,
}: {
  shared: SharedList
  page: number
  token: string
  api: ApiFetch
  onPageChange: (page: number) => void
}) {
  const { list, movies, offset } = shared
  const { config } = useTmdb()
  const description =
    list.description || `${namedListMessages.movieCount(list.total)} · ${m.by(list.owner)}`
  const poster = movies[0]?.poster_path
  const image = poster ? posterUrl(poster, 'w300', config.imageUrl) : null
  const totalPages = Math.max(1, Math.ceil(list.total / SHARED_PAGE_SIZE))
  return (
    <>
      <DocumentTitle title={list.name} />
      <meta name="description" content={description} />
      {!list.indexable && <meta name="robots" content="noindex" />}
      <meta property="og:type" content="website" />
      <meta property="og:title" content={list.name} />
      <meta property="og:description" content={description} />
      {image && <meta property="og:image" content={image} />}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={list.name} />
      <meta name="twitter:description" content={description} />
      {image && <meta name="twitter:image" content={image} />}
      <header className="mb-6 space-y-2">
        <PageHeading dir="auto" className="wrap-break-word">
          {list.name}
        </PageHeading>
        <p className="text-slate-300">
          <span dir="auto">{m.by(list.owner)}</span> · {namedListMessages.movieCount(list.total)}
        </p>
        {list.description && (
          <p dir="auto" className="max-w-prose whitespace-pre-line text-slate-300 wrap-break-word">
            {list.description}
          </p>
        )}
        <CopyToMine shared={shared} token={token} api={api} />
      </header>
      {movies.length === 0 ? (
        <p className="text-slate-300">{namedListMessages.empty.split('.')[0]}.</p>
      ) : (
        <ol className="grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5">
          {movies.map((movie, index) => (
            <li key={movie.id}>
              <SharedCard
                movie={movie}
                rank={list.ranked ? offset + index + 1 : null}
                priority={index < 2}
              />
            </li>
          ))}
        </ol>
      )}
      {totalPages > 1 && (
        <Pagination page={page} totalPages={totalPages} onPageChange={onPageChange} />
      )}
    </>
  )
}

function SharedCard({
  movie,
  rank,
  priority,
}: {
  movie: SharedMovie
  rank: number | null
  priority: boolean
}) {
  return (
    <PosterTile
      movieId={movie.id}
      title={movie.title}
      posterPath={movie.poster_path}
      priority={priority}
    >
      {(titleId) => (
        <div className="space-y-2">
          {rank !== null && (
            <p className="text-sm font-semibold text-brand">{namedListMessages.rank(rank)}</p>
          )}
          <ListToggles movie={movie} title={movie.title} describedBy={titleId} />
        </div>
      )}
    </PosterTile>
  )
}

/** A signed-in visitor keeps a copy of their own, under a name not yet taken. */
function CopyToMine({ shared, token, api }: { shared: SharedList; token: string; api: ApiFetch }) {
  const visitor = useVisitor()
  const [busy, setBusy] = useState(false)
  if (visitor === null) return null
  const copy = async () => {
    setBusy(true)
    try {
      const movies: SharedMovie[] = []
      for (let offset = 0; offset < Math.min(shared.list.total, MAX_NAMED_LIST_ENTRIES);) {
        const page = await fetchSharedList(api, token, offset, COPY_PAGE)
        movies.push(...page.movies)
        if (page.movies.length === 0) break
        offset += page.movies.length
      }
      const { copyAsNamedList } = await import('@/features/lists/named/copy-list')
      const made = copyAsNamedList(shared.list, movies)
      if (made.ok) notify.success(m.copiedToMine(made.name))
      else notify.error(made.message)
    } catch (error) {
      notify.error(error instanceof StorageError ? namedListMessages.storageFailed : m.failed)
    } finally {
      setBusy(false)
    }
  }
  return (
    <div {...(visitor ? {} : shownTo('signed in'))}>
      <button
        type="button"
        className="btn-secondary text-sm"
        disabled={busy}
        onClick={() => void copy()}
      >
        {m.copyToMine}
      </button>
    </div>
  )
}
