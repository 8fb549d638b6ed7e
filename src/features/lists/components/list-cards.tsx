import { Link } from '@tanstack/react-router'
import { memo } from 'react'
import { BatchedCardList } from '@/components/ui/batched-card-list'
import { Poster } from '@/components/ui/poster'
import { ListToggles } from '@/features/lists/components/list-toggles'
import type { ListEntry } from '@/features/lists/list-store'

/** A watchlist's or seen list's movies as cards, each with both toggles. */
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
    // A border rather than a ring: its grid clips what is painted outside the cards.
    <article className="flex h-full flex-col overflow-hidden rounded-lg border border-slate-800 bg-slate-900">
      {/* One link for poster and title: the card's costliest part is its router link. */}
      <Link
        to="/movie/$movieId"
        params={{ movieId: String(movie.id) }}
        className="group block focus-visible:-outline-offset-4"
      >
        <Poster
          path={movie.poster_path}
          title={movie.title}
          size="w300"
          priority={priority}
          decorative
        />
        <h2 className="px-4 pb-2 pt-4 text-lg font-semibold text-white group-hover:text-brand">
          {movie.title}
        </h2>
      </Link>
      <div className="mt-auto px-4 pb-4 pt-1">
        <ListToggles movie={movie} title={movie.title} />
      </div>
    </article>
  )
})
