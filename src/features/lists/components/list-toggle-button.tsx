import { useHydrated } from '@tanstack/react-router'
import { useListToggle } from '@/features/lists/hooks/use-list-toggle'
import { listMessages } from '@/features/lists/messages'
import type { MovieListStore } from '@/lib/movie-lists/list-store'
import type { MovieSummary } from '@/lib/tmdb'
import { TOGGLE_CLASS } from '@/features/lists/components/toggle-classes'

export function ListToggleButton({
  list,
  movie,
  title,
  describedBy,
  className = '',
  tabIndex,
  onFocus,
}: {
  list: MovieListStore
  movie: Pick<MovieSummary, 'id' | 'poster_path' | 'release_date' | 'vote_average'>
  title: string
  describedBy?: string | undefined
  className?: string
  tabIndex?: number
  onFocus?: () => void
}) {
  const { listed, toggle } = useListToggle(list, movie.id)
  const messages = listMessages[list.name]
  const hydrated = useHydrated()
  return (
    <button
      type="button"
      disabled={!hydrated}
      aria-pressed={listed}
      aria-describedby={describedBy}
      tabIndex={tabIndex}
      onFocus={onFocus}
      className={`${listed ? TOGGLE_CLASS.on : TOGGLE_CLASS.off} ${className}`}
      onClick={() => {
        toggle({
          id: movie.id,
          title,
          poster_path: movie.poster_path,
          release_date: movie.release_date,
          vote_average: movie.vote_average,
        })
      }}
    >
      <span aria-hidden="true" className="mr-1.5">
        {listed ? '✓' : '+'}
      </span>
      {listed ? messages.on : messages.add}
    </button>
  )
}
