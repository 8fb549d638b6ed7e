import { useRef, useState, type KeyboardEvent } from 'react'
import { ListToggleButton } from '@/features/lists/components/list-toggle-button'
import { TOGGLE_CLASS } from '@/features/lists/components/toggle-classes'
import { AddToListButton } from '@/features/lists/named/add-to-list-button'
import { seenList, watchlist } from '@/lib/movie-lists/list-store'
import type { MovieSummary } from '@/lib/tmdb'

const LISTS = [watchlist, seenList] as const
/** The two toggles, then "Add to list…". */
const STOPS = LISTS.length + 1

/** The watchlist and seen toggles and "Add to list…" as a toolbar: one Tab stop per card. */
export function ListToggles({
  movie,
  title,
  describedBy,
}: {
  movie: Pick<MovieSummary, 'id' | 'poster_path' | 'release_date' | 'vote_average'>
  title: string
  describedBy?: string | undefined
}) {
  const [active, setActive] = useState(0)
  const toolbar = useRef<HTMLDivElement>(null)
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: active + 1,
      ArrowDown: active + 1,
      ArrowLeft: active - 1,
      ArrowUp: active - 1,
      Home: 0,
      End: STOPS - 1,
    }
    const target = moves[event.key]
    if (target === undefined) return
    event.preventDefault()
    const next = (target + STOPS) % STOPS
    setActive(next)
    toolbar.current?.querySelectorAll('button')[next]?.focus()
  }
  return (
    <div
      ref={toolbar}
      role="toolbar"
      // Named by its film, so that a page's twenty toolbars are told apart.
      aria-label={`Lists: ${title}`}
      className="flex flex-wrap gap-2"
      onKeyDown={onKeyDown}
    >
      {LISTS.map((list, index) => (
        <ListToggleButton
          key={list.name}
          list={list}
          movie={movie}
          title={title}
          describedBy={describedBy}
          tabIndex={index === active ? 0 : -1}
          onFocus={() => {
            setActive(index)
          }}
        />
      ))}
      <AddToListButton
        movie={movie}
        title={title}
        describedBy={describedBy}
        className={TOGGLE_CLASS.off}
        tabIndex={active === LISTS.length ? 0 : -1}
        onFocus={() => {
          setActive(LISTS.length)
        }}
      />
    </div>
  )
}
