import type { DetailedCatalogMovie } from './catalog'
import type { MovieListItem } from './db'
import { foldText, matcher, type Rank } from './text-match'

/** How the demo spells a person as TMDB would, with none of what its data set lacks. */
export interface DemoPerson {
  adult: false
  also_known_as: string[]
  biography: string
  birthday: null
  deathday: null
  gender: 0
  homepage: null
  id: number
  imdb_id: null
  known_for_department: 'Directing'
  name: string
  place_of_birth: null
  popularity: number
  profile_path: null
}

export interface DirectingCredit extends MovieListItem {
  credit_id: string
  department: 'Directing'
  job: 'Director'
}

export interface DemoPersonWithCredits extends DemoPerson {
  movie_credits?: { cast: never[]; crew: DirectingCredit[] }
}

export interface DemoPersonResult extends Pick<
  DemoPerson,
  'adult' | 'gender' | 'id' | 'known_for_department' | 'name' | 'popularity' | 'profile_path'
> {
  original_name: string
  known_for: (MovieListItem & { media_type: 'movie' })[]
}

const KNOWN_FOR = 3
const MAX_ID = 2_000_000_000

function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (const unit of new TextEncoder().encode(text)) {
    hash ^= unit
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

interface Entry {
  person: DemoPerson
  folded: string
  films: MovieListItem[]
}

/**
 * The demo's people: the catalog's directors, one per name as its data set spells it (case,
 * accents and spacing aside), with an id made from that name.
 */
export function createDemoPeople(
  movies: readonly DetailedCatalogMovie[],
  listItem: (movie: DetailedCatalogMovie) => MovieListItem,
) {
  const byName = new Map<string, { name: string; films: DetailedCatalogMovie[] }>()
  for (const movie of movies) {
    const name = movie.director?.trim()
    if (!name) continue
    const key = foldText(name)
    const known = byName.get(key)
    if (known) known.films.push(movie)
    else byName.set(key, { name, films: [movie] })
  }
  const byId = new Map<number, Entry>()
  const idByName = new Map<string, number>()
  // In name order, so a rare clash of hashes always goes the same way.
  for (const [key, { name, films }] of [...byName].sort(([a], [b]) => (a < b ? -1 : 1))) {
    let id = 1 + (fnv1a(key) % MAX_ID)
    while (byId.has(id)) id = (id % MAX_ID) + 1
    idByName.set(key, id)
    const popularity = films.reduce((sum, film) => sum + film.popularity, 0)
    byId.set(id, {
      folded: key,
      films: films.map(listItem),
      person: {
        adult: false,
        also_known_as: [],
        biography: '',
        birthday: null,
        deathday: null,
        gender: 0,
        homepage: null,
        id,
        imdb_id: null,
        known_for_department: 'Directing',
        name,
        place_of_birth: null,
        popularity: Math.round(popularity * 1000) / 1000,
        profile_path: null,
      },
    })
  }
  const entries = [...byId.values()].sort((a, b) => b.person.popularity - a.person.popularity)

  return {
    idOf: (name: string): number | undefined => idByName.get(foldText(name)),

    find(id: number, withCredits: boolean): DemoPersonWithCredits | undefined {
      const entry = byId.get(id)
      if (!entry) return undefined
      if (!withCredits) return entry.person
      const crew = entry.films.map((film) => ({
        ...film,
        credit_id: `demo-${String(film.id)}-${String(id)}`,
        department: 'Directing' as const,
        job: 'Director' as const,
      }))
      return { ...entry.person, movie_credits: { cast: [], crew } }
    },

    search(query: string): DemoPersonResult[] {
      const folded = foldText(query)
      if (!folded) return []
      const rankOf = matcher(folded)
      const matches: { entry: Entry; rank: Rank }[] = []
      for (const entry of entries) {
        const rank = rankOf(entry.folded)
        if (rank !== undefined) matches.push({ entry, rank })
      }
      matches.sort((a, b) => a.rank - b.rank)
      return matches.map(({ entry: { person, films } }) => {
        const knownFor = [...films]
          .sort((a, b) => b.vote_count - a.vote_count)
          .slice(0, KNOWN_FOR)
          .map((film) => ({ ...film, media_type: 'movie' as const }))
        return {
          adult: person.adult,
          gender: person.gender,
          id: person.id,
          known_for_department: person.known_for_department,
          name: person.name,
          original_name: person.name,
          popularity: person.popularity,
          profile_path: person.profile_path,
          known_for: knownFor,
        }
      })
    },
  }
}
