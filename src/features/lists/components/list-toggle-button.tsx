import { useHydrated } from '@tanstack/react-router'
import { useListToggle } from '@/features/lists/hooks/use-list-toggle'
import { listMessages } from '@/features/lists/messages'
import type { MovieListStore } from '@/lib/movie-lists/list-store'
import type { MovieSummary } from '@/lib/tmdb'

// Grows and wraps rather than spilling: a card at 320 px is 100 px wide inside.
const base =
  'min-w-0 grow basis-28 rounded-md border px-2 py-1.5 text-center text-sm font-medium wrap-break-word transition-colors disabled:cursor-not-allowed disabled:opacity-50'
const off = 'border-slate-600 text-slate-100 hover:bg-slate-800'
// The pressed colours stay on hover: a deeper tint takes the light theme's amber below 4.5:1.
const on = 'border-brand bg-brand/15 text-brand hover:underline'

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
      className={`${base} ${listed ? on : off} ${className}`}
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
