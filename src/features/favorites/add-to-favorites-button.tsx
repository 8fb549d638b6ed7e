import { useFavoriteActions } from '@/features/favorites/hooks/use-favorite-actions'
import type { MovieSummary } from '@/lib/tmdb'

/** Any TMDB movie, with the title as shown (its fallback included). */
export function AddToFavoritesButton({ movie, title }: { movie: MovieSummary; title: string }) {
  const { add } = useFavoriteActions()
  return (
    <button
      type="button"
      className="btn-primary w-full text-sm"
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
