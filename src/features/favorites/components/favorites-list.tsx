import { Link } from '@tanstack/react-router'
import { memo, startTransition, useCallback, useState } from 'react'
import { Poster } from '@/components/ui/poster'
import { StatusMessage } from '@/components/ui/status-message'
import { useFavoritesStore } from '@/features/favorites/favorites-store'
import { useFavoriteActions } from '@/features/favorites/hooks/use-favorite-actions'
import { favoritesMessages } from '@/features/favorites/messages'
import { useWhenVisible } from '@/hooks/use-when-visible'

const FIRST_ROW = 4
/**
 * Cards rendered at a time: whole rows at 2, 3 and 4 columns. A long list (1,000 favorites)
 * rendered at once blocks the main thread for most of a second; batches keep every task short.
 * More come as the user nears the end of the list, or on the button.
 */
const FAVORITES_BATCH = 24
/**
 * The list is laid out as a column of grids of this many cards: cards added to one big grid
 * would lay out all the cards before them again, and a grid out of sight is skipped when the
 * page is laid out and painted (content-visibility). Removing a card moves the first card of
 * every later grid into the one before, re-creating it, so grids are few: with 1,000 cards
 * shown, a removal near the top re-creates 10 cards rather than 41.
 */
const CARDS_PER_GRID = 4 * FAVORITES_BATCH

export function FavoritesList() {
  const movies = useFavoritesStore((state) => state.movies)
  const { remove } = useFavoriteActions()
  const [shown, setShown] = useState(FAVORITES_BATCH)
  const showMore = useCallback(() => {
    // Not urgent: React renders the new cards in slices, between the user's scrolls and keys.
    startTransition(() => {
      setShown((count) => count + FAVORITES_BATCH)
    })
  }, [])
  const sentinel = useWhenVisible<HTMLButtonElement>(showMore, { recheck: shown })

  if (movies.length === 0) return <StatusMessage>{favoritesMessages.empty}</StatusMessage>

  const visible = movies.slice(0, shown)
  const grids = []
  for (let start = 0; start < visible.length; start += CARDS_PER_GRID) {
    grids.push(visible.slice(start, start + CARDS_PER_GRID))
  }
  return (
    <>
      <div role="list" className="flex flex-col gap-6">
        {grids.map((grid, gridIndex) => (
          // Until first drawn, a grid counts as one batch tall (it starts with one, near view).
          <div
            key={gridIndex}
            className="grid grid-cols-2 gap-6 [contain-intrinsic-size:auto_4000px] [content-visibility:auto] md:grid-cols-3 lg:grid-cols-4"
          >
            {grid.map((movie, index) => (
              <FavoriteCard
                key={movie.id}
                id={movie.id}
                title={movie.title}
                posterPath={movie.poster_path}
                priority={gridIndex === 0 && index < FIRST_ROW}
                onRemove={remove}
              />
            ))}
          </div>
        ))}
      </div>
      {shown < movies.length && (
        <div className="mt-8 text-center">
          <button ref={sentinel} type="button" className="btn-secondary" onClick={showMore}>
            Show more favorites ({movies.length - shown} more)
          </button>
        </div>
      )}
    </>
  )
}

interface FavoriteCardProps {
  id: number
  title: string
  posterPath: string | null | undefined
  priority: boolean
  onRemove: (movieId: number) => void
}

/** Plain props, so a card renders again only when its own movie changes. */
const FavoriteCard = memo(function FavoriteCard({
  id,
  title,
  posterPath,
  priority,
  onRemove,
}: FavoriteCardProps) {
  const headingId = `favorite-${String(id)}`
  return (
    <div role="listitem">
      {/* A border rather than a ring: its grid clips what is painted outside the cards. */}
      <article className="flex h-full flex-col overflow-hidden rounded-lg border border-slate-800 bg-slate-900">
        {/* One link for poster and title: the card's costliest part is its router link. */}
        <Link
          to="/movie/$movieId"
          params={{ movieId: String(id) }}
          className="group block focus-visible:-outline-offset-4"
        >
          <Poster path={posterPath} title={title} size="w300" priority={priority} decorative />
          <h2
            id={headingId}
            className="px-4 pb-2 pt-4 text-lg font-semibold text-white group-hover:text-brand"
          >
            {title}
          </h2>
        </Link>
        <div className="flex flex-1 flex-col px-4 pb-4 pt-1">
          <button
            type="button"
            className="btn-secondary mt-auto"
            aria-describedby={headingId}
            onClick={() => {
              onRemove(id)
            }}
          >
            Remove
          </button>
        </div>
      </article>
    </div>
  )
})
