import type { MovieCredits, Person } from '@/lib/tmdb'
import { displayTitle } from '@/lib/tmdb/display'

export const KNOWN_FOR_LIMIT = 8
/** TMDB's departments in the order its own pages list them; any other follows, by name. */
const DEPARTMENT_ORDER = [
  'Acting',
  'Directing',
  'Writing',
  'Production',
  'Editing',
  'Camera',
  'Sound',
  'Art',
  'Costume & Make-Up',
  'Visual Effects',
  'Lighting',
  'Crew',
]
const ACTING = 'Acting'
const OTHER_CREW = 'Crew'

type CastCredit = NonNullable<MovieCredits['cast']>[number]
type CrewCredit = NonNullable<MovieCredits['crew']>[number]

/** One film of a department: the fields the list toggles keep, and the person's part in it. */
export interface FilmRow {
  id: number
  title: string
  year: string | undefined
  release_date: string | null | undefined
  poster_path: string | null | undefined
  vote_average: number | null | undefined
  voteCount: number
  /** "as Tyler Durden", or "Producer, Executive Producer". */
  part: string | undefined
}

export interface Department {
  name: string
  films: FilmRow[]
}

const yearOf = (date: string | null | undefined) =>
  date && /^\d{4}/.test(date) ? date.slice(0, 4) : undefined

function row(credit: CastCredit | CrewCredit, part: string | undefined): FilmRow {
  return {
    id: credit.id,
    title: displayTitle(credit.title),
    year: yearOf(credit.release_date),
    release_date: credit.release_date,
    poster_path: credit.poster_path,
    vote_average: credit.vote_average,
    voteCount: credit.vote_count ?? 0,
    part,
  }
}

/** Undated (upcoming) films first, then the newest; a title breaks a tie. */
function newestFirst(a: FilmRow, b: FilmRow): number {
  const dateA = a.year ? (a.release_date ?? '') : ''
  const dateB = b.year ? (b.release_date ?? '') : ''
  if (!dateA !== !dateB) return dateA ? 1 : -1
  return dateB.localeCompare(dateA) || a.title.localeCompare(b.title, 'en')
}

const joinParts = (parts: readonly string[]) => [...new Set(parts)].join(', ') || undefined

function actingRows(cast: readonly CastCredit[]): FilmRow[] {
  const byFilm = new Map<number, { credit: CastCredit; characters: string[] }>()
  for (const credit of cast) {
    const character = credit.character?.trim()
    const known = byFilm.get(credit.id)
    if (known) {
      if (character) known.characters.push(character)
    } else byFilm.set(credit.id, { credit, characters: character ? [character] : [] })
  }
  return [...byFilm.values()].map(({ credit, characters }) => {
    const named = joinParts(characters)
    return row(credit, named && `as ${named}`)
  })
}

function crewDepartments(crew: readonly CrewCredit[]): Map<string, FilmRow[]> {
  type Films = Map<number, { credit: CrewCredit; jobs: string[] }>
  const byDepartment = new Map<string, Films>()
  for (const credit of crew) {
    const department = credit.department?.trim() || OTHER_CREW
    const films: Films =
      byDepartment.get(department) ?? new Map<number, { credit: CrewCredit; jobs: string[] }>()
    byDepartment.set(department, films)
    const job = credit.job?.trim()
    const known = films.get(credit.id)
    if (known) {
      if (job) known.jobs.push(job)
    } else films.set(credit.id, { credit, jobs: job ? [job] : [] })
  }
  return new Map(
    [...byDepartment].map(([name, films]) => [
      name,
      [...films.values()].map(({ credit, jobs }) => row(credit, joinParts(jobs))),
    ]),
  )
}

function departmentRank(name: string, knownFor: string | undefined): number {
  if (name === knownFor) return -1
  const index = DEPARTMENT_ORDER.indexOf(name)
  return index === -1 ? DEPARTMENT_ORDER.length : index
}

/** The person's films by department, the known-for department first, each newest first. */
export function filmography(person: Pick<Person, 'known_for_department' | 'movie_credits'>) {
  const departments = crewDepartments(person.movie_credits?.crew ?? [])
  const acting = actingRows(person.movie_credits?.cast ?? [])
  if (acting.length) departments.set(ACTING, acting)
  const knownFor = person.known_for_department?.trim()
  return [...departments]
    .map(([name, films]): Department => ({ name, films: films.sort(newestFirst) }))
    .sort(
      (a, b) =>
        departmentRank(a.name, knownFor) - departmentRank(b.name, knownFor) ||
        a.name.localeCompare(b.name, 'en'),
    )
}

/** Up to eight films of the known-for department (else the largest), the most voted first. */
export function knownFor(departments: readonly Department[]): FilmRow[] {
  const [lead] = departments
  if (!lead) return []
  return [...lead.films].sort((a, b) => b.voteCount - a.voteCount).slice(0, KNOWN_FOR_LIMIT)
}
