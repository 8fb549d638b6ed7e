import { Link } from '@tanstack/react-router'
import { memo } from 'react'
import { BatchedCardList } from '@/components/ui/batched-card-list'
import { Poster } from '@/components/ui/poster'
import type { FavoriteMovie } from '@/features/favorites/favorites-store'
import { useFavoriteActions } from '@/features/favorites/hooks/use-favorite-actions'

/** The favorites given (the whole list, or the part a sort and filter leave), as cards. */
export function FavoritesList({ movies }: { movies: readonly FavoriteMovie[] }) {
  const { remove } = useFavoriteActions()
  return (
    <BatchedCardList
      items={movies}
      moreLabel={(remaining) => `Show more favorites (${String(remaining)} more)`}
      renderCard={(movie, priority) => (
        <FavoriteCard
          id={movie.id}
          title={movie.title}
          posterPath={movie.poster_path}
          priority={priority}
          onRemove={remove}
        />
      )}
    />
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
    // A border rather than a ring: its grid clips what is painted outside the cards.
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
  )
})
