import { Link } from '@tanstack/react-router'
import { useId, type ReactNode } from 'react'
import { Poster } from '@/components/ui/poster'

export function PosterTile({
  movieId,
  title,
  posterPath,
  priority,
  eager,
  children,
}: {
  movieId: number
  title: string
  posterPath: string | null | undefined
  priority?: boolean
  eager?: boolean
  children?: (titleId: string) => ReactNode
}) {
  const titleId = useId()
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg bg-slate-900 ring-1 ring-slate-800">
      <Link
        to="/movie/$movieId"
        params={{ movieId: String(movieId) }}
        className="card-link group block rounded-t-lg"
      >
        <Poster
          path={posterPath}
          title={title}
          size="w200"
          priority={priority}
          eager={eager}
          decorative
        />
        <span
          id={titleId}
          className="block p-3 text-sm font-semibold text-white wrap-break-word group-hover:text-brand"
        >
          {title}
        </span>
      </Link>
      {children && <div className="mt-auto px-3 pb-3">{children(titleId)}</div>}
    </article>
  )
}

export function PosterCard({
  movieId,
  title,
  posterPath,
  priority,
  children,
}: {
  movieId: number
  title: string
  posterPath: string | null | undefined
  priority: boolean
  children: (titleId: string) => ReactNode
}) {
  const titleId = useId()
  return (
    // A border rather than a ring: its grid clips what is painted outside the cards.
    <article className="flex h-full flex-col overflow-hidden rounded-lg border border-slate-800 bg-slate-900">
      {/* One link for poster and title: the card's costliest part is its router link. */}
      <Link
        to="/movie/$movieId"
        params={{ movieId: String(movieId) }}
        className="card-link group block rounded-t-lg"
      >
        <Poster path={posterPath} title={title} size="w300" priority={priority} decorative />
        <h2
          id={titleId}
          className="px-4 pb-2 pt-4 text-base font-semibold text-white wrap-break-word hyphens-auto group-hover:text-brand sm:text-lg"
        >
          {title}
        </h2>
      </Link>
      {children(titleId)}
    </article>
  )
}
