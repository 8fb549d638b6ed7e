import { memo } from 'react'
import { BatchedCardList } from '@/components/ui/batched-card-list'
import { PosterCard } from '@/components/ui/poster-cards'
import { useFavoriteActions } from '@/features/favorites/hooks/use-favorite-actions'
import type { ListEntry } from '@/lib/movie-lists/list-store'

export function FavoritesList({ movies }: { movies: readonly ListEntry[] }) {
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
  return (
    <PosterCard movieId={id} title={title} posterPath={posterPath} priority={priority}>
      {(titleId) => (
        <div className="flex flex-1 flex-col px-4 pb-4 pt-1">
          <button
            type="button"
            className="btn-secondary mt-auto"
            aria-describedby={titleId}
            onClick={() => {
              onRemove(id)
            }}
          >
            Remove
          </button>
        </div>
      )}
    </PosterCard>
  )
})
