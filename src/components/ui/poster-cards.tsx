import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Poster } from '@/components/ui/poster'

/** A small poster with its title below, the whole tile one link to the movie's page. */
export function PosterTile({
  movieId,
  title,
  posterPath,
  priority,
  eager,
}: {
  movieId: number
  title: string
  posterPath: string | null | undefined
  /** See Poster. */
  priority?: boolean
  eager?: boolean
}) {
  return (
    <Link
      to="/movie/$movieId"
      params={{ movieId: String(movieId) }}
      className="group block overflow-hidden rounded-lg bg-slate-900 ring-1 ring-slate-800"
    >
      <Poster
        path={posterPath}
        title={title}
        size="w200"
        priority={priority}
        eager={eager}
        decorative
      />
      <span className="block p-3 text-sm font-semibold text-white group-hover:text-brand">
        {title}
      </span>
    </Link>
  )
}

/** A card of a stored list: poster and title, one link to the movie's page, then `children`. */
export function PosterCard({
  movieId,
  title,
  posterPath,
  priority,
  headingId,
  children,
}: {
  movieId: number
  title: string
  posterPath: string | null | undefined
  priority: boolean
  /** For the actions to name the movie they act on (aria-describedby). */
  headingId?: string
  /** The card's actions. */
  children: ReactNode
}) {
  return (
    // A border rather than a ring: its grid clips what is painted outside the cards.
    <article className="flex h-full flex-col overflow-hidden rounded-lg border border-slate-800 bg-slate-900">
      {/* One link for poster and title: the card's costliest part is its router link. */}
      <Link
        to="/movie/$movieId"
        params={{ movieId: String(movieId) }}
        className="group block focus-visible:-outline-offset-4"
      >
        <Poster path={posterPath} title={title} size="w300" priority={priority} decorative />
        <h2
          id={headingId}
          className="px-4 pb-2 pt-4 text-lg font-semibold text-white group-hover:text-brand"
        >
          {title}
        </h2>
      </Link>
      {children}
    </article>
  )
}
