import { Link } from '@tanstack/react-router'
import { useId, type ReactNode } from 'react'
import type { MovieActions, MovieFilter } from '@/components/ui/movie-slots'
import type { Department, FilmRow } from '@/features/people/filmography'
import { personMessages } from '@/features/people/messages'
import { seenList } from '@/lib/movie-lists/list-store'
import { useVisitor } from '@/lib/session/use-visitor'

function FilmItem({ film, actions: Actions }: { film: FilmRow; actions: MovieActions }) {
  const titleId = useId()
  return (
    <li className="grid gap-x-4 gap-y-2 py-3 sm:grid-cols-[3.5rem_1fr_minmax(0,16rem)] sm:items-center">
      <span className="text-sm text-slate-400 tabular-nums">
        {film.year ?? (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">No date</span>
          </>
        )}
      </span>
      <p className="wrap-break-word">
        <Link
          id={titleId}
          to="/movie/$movieId"
          params={{ movieId: String(film.id) }}
          className="font-semibold text-white underline-offset-2 hover:text-brand hover:underline"
        >
          {film.title}
        </Link>
        {film.part && <span className="text-slate-300"> {film.part}</span>}
      </p>
      <div className="space-y-2">
        <Actions movie={film} title={film.title} describedBy={titleId} />
      </div>
    </li>
  )
}

function DepartmentSection({
  department,
  actions,
  keep,
  seenIds,
  signedIn,
}: {
  department: Department
  actions: MovieActions
  keep: MovieFilter
  seenIds: ReadonlySet<number>
  signedIn: boolean
}) {
  const headingId = useId()
  const shown = department.films.filter(keep)
  const seen = department.films.filter((film) => seenIds.has(film.id)).length
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 border-b border-slate-800 pb-2">
        <h3 id={headingId} className="text-xl font-semibold text-white">
          {department.name}
        </h3>
        {signedIn && (
          <p className="text-sm text-slate-300">
            {personMessages.seenCount(seen, department.films.length)}
          </p>
        )}
      </div>
      {shown.length ? (
        <ol className="divide-y divide-slate-800">
          {shown.map((film) => (
            <FilmItem key={film.id} film={film} actions={actions} />
          ))}
        </ol>
      ) : (
        <p className="py-3 text-slate-300">{personMessages.allSeenHidden}</p>
      )}
    </section>
  )
}

export function Filmography({
  departments,
  actions,
  keep,
  filterControl,
}: {
  departments: readonly Department[]
  actions: MovieActions
  keep: MovieFilter
  filterControl?: ReactNode
}) {
  const signedIn = Boolean(useVisitor())
  const seenIds = seenList.useStore((state) => state.ids)
  return (
    <section aria-labelledby="filmography-heading" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="filmography-heading" className="text-2xl font-bold text-white">
          {personMessages.filmography}
        </h2>
        {departments.length > 0 && filterControl}
      </div>
      {departments.length ? (
        departments.map((department) => (
          <DepartmentSection
            key={department.name}
            department={department}
            actions={actions}
            keep={keep}
            seenIds={seenIds}
            signedIn={signedIn}
          />
        ))
      ) : (
        <p className="text-slate-300">{personMessages.noCredits}</p>
      )}
    </section>
  )
}
