import { useHydrated } from '@tanstack/react-router'
import { useId } from 'react'
import { favoritesMessages } from '@/features/favorites/messages'
import { useFavoriteActions } from '@/features/favorites/hooks/use-favorite-actions'
import { favorites } from '@/lib/movie-lists/favorites-store'
import type { MovieSummary } from '@/lib/tmdb'

/** The spec's button stays for a film already there (its duplicate toast too), Remove beside it. */
export function AddToFavoritesButton({
  movie,
  title,
  describedBy,
}: {
  movie: MovieSummary
  title: string
  /** The film's title on a card: a grid holds twenty buttons of this name. */
  describedBy?: string
}) {
  const { add, remove } = useFavoriteActions()
  const isFavorite = favorites.useStore((state) => state.ids.has(movie.id))
  const stateId = useId()
  // Until the page has hydrated a press would do nothing: it waits, as the forms' buttons do.
  const hydrated = useHydrated()
  const description = [describedBy, isFavorite ? stateId : undefined].filter(Boolean).join(' ')
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        className="btn-primary w-full text-sm"
        aria-describedby={description || undefined}
        disabled={!hydrated}
        onClick={() => {
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
      {isFavorite && (
        <p className="flex flex-wrap items-center justify-between gap-x-2 text-sm">
          <span id={stateId} className="text-brand">
            <span aria-hidden="true">★ </span>
            {favoritesMessages.inFavorites}
          </span>
          <button
            type="button"
            className="rounded text-slate-300 underline underline-offset-2 hover:text-slate-100"
            aria-describedby={describedBy}
            onClick={() => {
              remove(movie.id)
            }}
          >
            {favoritesMessages.removeFromFavorites}
          </button>
        </p>
      )}
    </div>
  )
}
