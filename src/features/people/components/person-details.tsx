import type { ReactNode } from 'react'
import { PosterTile } from '@/components/ui/poster-cards'
import type { MovieActions, MovieFilter } from '@/components/ui/movie-slots'
import { Facts } from '@/components/ui/facts'
import { PageHeading } from '@/components/ui/page-heading'
import { Biography } from '@/features/people/components/biography'
import { Filmography } from '@/features/people/components/filmography'
import { PersonPhoto } from '@/features/people/components/person-photo'
import { filmography, knownFor } from '@/features/people/filmography'
import { lifeDates, personName } from '@/features/people/life'
import { personMessages } from '@/features/people/messages'
import type { Person } from '@/lib/tmdb'
import { useTmdb } from '@/lib/tmdb/use-tmdb'

export function PersonDetails({
  person,
  actions,
  keep,
  filterControl,
}: {
  person: Person
  actions: MovieActions
  keep: MovieFilter
  filterControl?: ReactNode
}) {
  const { demo } = useTmdb().config
  const name = personName(person)
  const departments = filmography(person)
  const best = knownFor(departments)
  const { born, died } = lifeDates(person)
  const facts = [
    ['Known for', person.known_for_department?.trim() || undefined],
    ['Born', born],
    ['Died', died],
    ['Place of birth', person.place_of_birth?.trim() || undefined],
  ] as const
  return (
    <article className="space-y-10">
      <div className="grid gap-6 sm:grid-cols-[185px_1fr]">
        <PersonPhoto path={person.profile_path} name={name} />
        <div className="space-y-5">
          <PageHeading className="text-4xl">{name}</PageHeading>
          <Facts facts={facts} className="gap-y-2" />
          <Biography text={person.biography} name={name} />
          {demo && <p className="text-sm text-slate-400">{personMessages.demoHasNone}</p>}
        </div>
      </div>
      {best.length > 0 && (
        <section aria-labelledby="known-for-heading" className="space-y-4">
          <h2 id="known-for-heading" className="text-2xl font-bold text-white">
            {personMessages.knownFor}
          </h2>
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-8">
            {best.map((film) => (
              <li key={film.id}>
                <PosterTile movieId={film.id} title={film.title} posterPath={film.poster_path} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <Filmography
        departments={departments}
        actions={actions}
        keep={keep}
        filterControl={filterControl}
      />
    </article>
  )
}
