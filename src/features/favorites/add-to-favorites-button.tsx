import { useFavoriteActions } from '@/features/favorites/hooks/use-favorite-actions'
import type { MovieSummary } from '@/lib/tmdb'

/**
 * Any TMDB movie, with the title as shown (its fallback included) and, on a card, the id of that
 * title: a grid holds twenty buttons of this name, the description tells them apart.
 */
export function AddToFavoritesButton({
  movie,
  title,
  describedBy,
}: {
  movie: MovieSummary
  title: string
  describedBy?: string
}) {
  const { add } = useFavoriteActions()
  return (
    <button
      type="button"
      className="btn-primary w-full text-sm"
      aria-describedby={describedBy}
      onClick={() => {
        // Only what the favorites page, its sorting and the detail link need is kept.
        add({
          id: movie.id,
          title,
          poster_path: movie.poster_path,
          release_date: movie.release_date,
          vote_average: movie.vote_average,
        })
      }}
    >
      Add to Favorites
    </button>
  )
}
