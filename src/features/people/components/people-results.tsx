import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { LazyOfflineMessage } from '@/components/ui/lazy-offline-message'
import { StatusMessage } from '@/components/ui/status-message'
import { searchPeopleQueryOptions } from '@/features/people/api/search-people'
import { PersonPhoto } from '@/features/people/components/person-photo'
import { personName } from '@/features/people/life'
import { personMessages } from '@/features/people/messages'
import type { PagedPeople } from '@/lib/tmdb'
import { useTmdb } from '@/lib/tmdb/use-tmdb'

const KNOWN_FOR_TITLES = 3

const knownForTitles = (person: PagedPeople['results'][number]) =>
  (person.known_for ?? [])
    .map((work) => (work.title ?? work.name)?.trim())
    .filter((title): title is string => Boolean(title))
    .slice(0, KNOWN_FOR_TITLES)
    .join(', ')

export function PeopleResults({ term }: { term: string }) {
  const search = useQuery(searchPeopleQueryOptions(useTmdb(), term))
  if (!term) return <StatusMessage>{personMessages.searchPrompt}</StatusMessage>
  if (search.isError) {
    return (
      <>
        <StatusMessage tone="error">{personMessages.searchFailed}</StatusMessage>
        <LazyOfflineMessage error={search.error} />
      </>
    )
  }
  if (!search.data) return <StatusMessage>{personMessages.loading}</StatusMessage>
  const people = search.data.results
  if (people.length === 0) return <StatusMessage>{personMessages.noPeopleFound}</StatusMessage>
  return (
    <ul aria-label={`People named “${term}”`} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {people.map((person) => {
        const name = personName(person)
        const titles = knownForTitles(person)
        return (
          <li
            key={person.id}
            className="grid grid-cols-[4rem_1fr] items-center gap-4 rounded-lg bg-slate-900 p-3 ring-1 ring-slate-800"
          >
            <PersonPhoto path={person.profile_path} name={name} size="small" />
            <div className="min-w-0 space-y-1">
              <Link
                to="/person/$personId"
                params={{ personId: String(person.id) }}
                className="font-semibold text-white wrap-break-word underline-offset-2 hover:text-brand hover:underline"
              >
                {name}
              </Link>
              {person.known_for_department?.trim() && (
                <p className="text-sm text-slate-300">{person.known_for_department.trim()}</p>
              )}
              {titles && <p className="text-sm text-slate-400">{titles}</p>}
            </div>
          </li>
        )
      })}
    </ul>
  )
}
