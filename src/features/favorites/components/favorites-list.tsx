import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { Poster } from '@/components/ui/poster'
import { StatusMessage } from '@/components/ui/status-message'
import { useFavoritesStore } from '@/features/favorites/favorites-store'
import { useFavoriteActions } from '@/features/favorites/hooks/use-favorite-actions'
import { favoritesMessages } from '@/features/favorites/messages'
import { useWhenVisible } from '@/hooks/use-when-visible'

const FIRST_ROW = 4
/**
 * Cards rendered at a time. A long list (1,000 favorites) rendered at once blocks the main
 * thread for most of a second; batches keep every task short. More come as the user nears the
 * end of the list, or on the button.
 */
const FAVORITES_BATCH = 24

export function FavoritesList() {
  const movies = useFavoritesStore((state) => state.movies)
  const { remove } = useFavoriteActions()
  const [shown, setShown] = useState(FAVORITES_BATCH)
  const showMore = () => {
    setShown((count) => count + FAVORITES_BATCH)
  }
  const sentinel = useWhenVisible<HTMLButtonElement>(showMore)

  if (movies.length === 0) return <StatusMessage>{favoritesMessages.empty}</StatusMessage>

  return (
    <>
      <ul className="grid grid-cols-2 gap-6 md:grid-cols-3 lg:grid-cols-4">
        {movies.slice(0, shown).map((movie, index) => (
          // content-visibility lets the browser skip laying out cards far off screen.
          <li
            key={movie.id}
            className="[contain-intrinsic-size:auto_520px] [content-visibility:auto]"
          >
            <article className="flex h-full flex-col overflow-hidden rounded-lg bg-slate-900 ring-1 ring-slate-800">
              <Link
                to="/movie/$movieId"
                params={{ movieId: String(movie.id) }}
                tabIndex={-1}
                aria-hidden="true"
              >
                <Poster
                  path={movie.poster_path}
                  title={movie.title}
                  size="w300"
                  priority={index < FIRST_ROW}
                />
              </Link>
              <div className="flex flex-1 flex-col gap-3 p-4">
                <h2 id={`favorite-${movie.id}`} className="text-lg font-semibold text-white">
                  <Link
                    to="/movie/$movieId"
                    params={{ movieId: String(movie.id) }}
                    className="hover:text-brand"
                  >
                    {movie.title}
                  </Link>
                </h2>
                <button
                  type="button"
                  className="btn-secondary mt-auto"
                  aria-describedby={`favorite-${movie.id}`}
                  onClick={() => {
                    remove(movie.id)
                  }}
                >
                  Remove
                </button>
              </div>
            </article>
          </li>
        ))}
      </ul>
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
