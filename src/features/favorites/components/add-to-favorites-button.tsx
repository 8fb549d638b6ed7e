import { useFavoriteActions } from '@/features/favorites/hooks/use-favorite-actions'
import type { FavoriteMovie } from '@/features/favorites/favorites-store'

export function AddToFavoritesButton({ movie }: { movie: FavoriteMovie }) {
  const { add } = useFavoriteActions()
  return (
    <button
      type="button"
      className="btn-primary w-full text-sm"
      onClick={() => {
        add(movie)
      }}
    >
      Add to Favorites
    </button>
  )
}
