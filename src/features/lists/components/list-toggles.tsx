import { ListToggleButton } from '@/features/lists/components/list-toggle-button'
import { seenList, watchlist } from '@/features/lists/list-store'
import type { MovieSummary } from '@/lib/tmdb'

/** The watchlist and seen toggles, side by side: on movie cards and the detail page. */
export function ListToggles({
  movie,
  title,
}: {
  movie: Pick<MovieSummary, 'id' | 'poster_path' | 'release_date' | 'vote_average'>
  title: string
}) {
  return (
    <div className="grid grid-cols-2 gap-2">
      <ListToggleButton list={watchlist} movie={movie} title={title} />
      <ListToggleButton list={seenList} movie={movie} title={title} />
    </div>
  )
}
