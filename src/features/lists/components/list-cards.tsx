import { memo } from 'react'
import { BatchedCardList } from '@/components/ui/batched-card-list'
import { PosterCard } from '@/components/ui/poster-cards'
import { ListToggles } from '@/features/lists/list-toggles'
import type { ListEntry } from '@/lib/movie-lists/list-store'

export function ListCards({
  movies,
  moreLabel,
}: {
  movies: readonly ListEntry[]
  moreLabel: (remaining: number) => string
}) {
  return (
    <BatchedCardList
      items={movies}
      moreLabel={moreLabel}
      renderCard={(movie, priority) => <ListCard movie={movie} priority={priority} />}
    />
  )
}

/** Entries are replaced, not changed, when saved: a card renders again only for its own. */
const ListCard = memo(function ListCard({
  movie,
  priority,
}: {
  movie: ListEntry
  priority: boolean
}) {
  return (
    <PosterCard
      movieId={movie.id}
      title={movie.title}
      posterPath={movie.poster_path}
      priority={priority}
    >
      {(titleId) => (
        <div className="mt-auto px-4 pb-4 pt-1">
          <ListToggles movie={movie} title={movie.title} describedBy={titleId} />
        </div>
      )}
    </PosterCard>
  )
})
