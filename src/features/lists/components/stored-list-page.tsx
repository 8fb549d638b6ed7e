import { useHydrated } from '@tanstack/react-router'
import { ListCards } from '@/features/lists/components/list-cards'
import { ListPage } from '@/features/lists/components/list-page'
import { SharePanel } from '@/features/lists/named/share-panel'
import type { ListViewSearch } from '@/features/lists/list-view-search'
import { listMessages } from '@/features/lists/messages'
import { useStreamingFilter } from '@/features/lists/streaming-filter'
import type { StoredLists } from '@/features/lists/transfer/save-lists'
import { accountsMode } from '@/config/accounts-mode'
import { movieLists, type ListName } from '@/lib/movie-lists/list-store'
import { watchMessages } from '@/lib/watch/messages'
import { regionName } from '@/lib/watch/region'
import { useServiceIds } from '@/lib/watch/services'

interface Streaming {
  on: boolean
  onChange: (on: boolean) => void
}

export function StoredListPage({
  name,
  lists,
  search,
  onSearchChange,
  streaming,
}: {
  name: ListName
  lists: StoredLists
  search: ListViewSearch
  onSearchChange: (next: ListViewSearch) => void
  /** "On my services": offered once the person has chosen services. */
  streaming?: Streaming
}) {
  const list = movieLists[name]
  const messages = listMessages[name]
  const movies = list.useStore((state) => state.movies)
  const filter = useStreamingFilter(movies, streaming?.on ?? false)
  return (
    <ListPage
      heading={messages.title}
      movies={movies}
      emptyMessage={messages.empty}
      search={search}
      onSearchChange={onSearchChange}
      renderList={(shown) => <ListCards movies={shown} moreLabel={messages.more} />}
      transfer={{ kind: name, lists }}
      {...(accountsMode() === 'server'
        ? {
            intro: (
              <div className="mb-6">
                <SharePanel list={name} />
              </div>
            ),
          }
        : {})}
      {...(streaming
        ? {
            narrowing: {
              control: <StreamingCheckbox streaming={streaming} />,
              keep: filter.keep,
              status: filter.active && (
                <StreamingStatus
                  total={movies.length}
                  checked={filter.checked}
                  failed={filter.failed}
                />
              ),
              noneMessage:
                filter.active && filter.region && filter.checked + filter.failed === movies.length
                  ? listMessages.streaming.none(regionName(filter.region))
                  : undefined,
            },
          }
        : {})}
    />
  )
}

function StreamingCheckbox({ streaming }: { streaming: Streaming }) {
  const hydrated = useHydrated()
  const ids = useServiceIds()
  if (!hydrated || (ids.size === 0 && !streaming.on)) return null
  return (
    <label className="inline-flex items-center gap-2 pb-2 text-sm text-slate-200">
      <input
        type="checkbox"
        className="size-4 accent-brand"
        checked={streaming.on}
        disabled={!streaming.on && ids.size === 0}
        onChange={(event) => {
          streaming.onChange(event.target.checked)
        }}
      />
      {watchMessages.onMyServices}
    </label>
  )
}

function StreamingStatus({
  total,
  checked,
  failed,
}: {
  total: number
  checked: number
  failed: number
}) {
  const done = checked + failed >= total
  return (
    <div role="status" className="text-sm text-slate-300">
      {!done && <p>{listMessages.streaming.checking(checked + failed, total)}</p>}
      {failed > 0 && <p>{listMessages.streaming.failed(failed)}</p>}
    </div>
  )
}
