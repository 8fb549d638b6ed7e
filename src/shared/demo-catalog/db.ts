import type { DetailedCatalogMovie, Genre } from './catalog'
import { createDemoPeople, type DemoPersonResult, type DemoPersonWithCredits } from './people'
import { foldText, matcher, type Rank } from './text-match'

export const PAGE_SIZE = 20
export const MAX_PAGE = 500

export interface Paged<T> {
  page: number
  results: T[]
  total_pages: number
  total_results: number
}

export interface MovieListItem {
  id: number
  title: string
  original_title: string
  overview: string
  poster_path: string | null
  backdrop_path: string | null
  release_date: string
  vote_average: number
  vote_count: number
  popularity: number
  genre_ids: number[]
  adult: boolean
  video: boolean
  original_language: string
}

export interface MovieDetail extends Omit<MovieListItem, 'genre_ids'> {
  genres: Genre[]
  runtime: number
  budget: number
  revenue: number
  status: 'Released'
  tagline: string
  homepage: string
  imdb_id: string | null
  belongs_to_collection: null
}

export const APPENDABLE_PARTS = [
  'credits',
  'videos',
  'recommendations',
  'release_dates',
  'watch/providers',
] as const
export type AppendablePart = (typeof APPENDABLE_PARTS)[number]

export interface CrewMember {
  id: number
  name: string
  job: string
  department: string
}

export interface MovieDetailParts {
  credits: { cast: never[]; crew: CrewMember[] }
  videos: { results: never[] }
  recommendations: Paged<MovieListItem>
  /** The data set has no streaming offers: TMDB's body for a film with none. */
  'watch/providers': { results: Record<string, never> }
  release_dates: {
    results: {
      iso_3166_1: string
      release_dates: {
        certification: string
        descriptors: string[]
        iso_639_1: string
        note: string
        release_date: string
        type: number
      }[]
    }[]
  }
}

export type MovieDetailWithParts = MovieDetail & Partial<MovieDetailParts>

export interface DiscoverQuery {
  sortBy?: string | undefined
  /** Genre ids: "18,36" is all of them, "18|36" any of them. */
  withGenres?: string | undefined
  primaryReleaseYear?: number | undefined
  voteCountGte?: number | undefined
  primaryReleaseDateLte?: string | undefined
}

export interface MovieDb {
  readonly movies: readonly DetailedCatalogMovie[]
  discover(page: number, query?: DiscoverQuery): Paged<MovieListItem>
  search(query: string, page: number, year?: number): Paged<MovieListItem>
  find(id: number, append?: readonly AppendablePart[]): MovieDetailWithParts | undefined
  recommend(id: number): MovieListItem[]
  person(id: number, withCredits: boolean): DemoPersonWithCredits | undefined
  searchPeople(query: string, page: number): Paged<DemoPersonResult>
}

type MovieBase = Omit<MovieListItem, 'genre_ids'>

function toBase(movie: DetailedCatalogMovie): MovieBase {
  return {
    id: movie.id,
    title: movie.title,
    original_title: movie.original_title,
    overview: movie.overview,
    poster_path: movie.poster_path,
    backdrop_path: null,
    release_date: movie.release_date,
    vote_average: movie.vote_average,
    vote_count: movie.vote_count,
    popularity: movie.popularity,
    adult: movie.adult,
    video: movie.video,
    original_language: movie.original_language,
  }
}

const toListItem = (movie: DetailedCatalogMovie): MovieListItem => ({
  ...toBase(movie),
  genre_ids: movie.genre_ids,
})

const toDetail = (movie: DetailedCatalogMovie): MovieDetail => ({
  ...toBase(movie),
  genres: movie.genres,
  runtime: movie.runtime,
  budget: movie.budget ?? 0,
  revenue: movie.revenue ?? 0,
  status: 'Released',
  tagline: '',
  homepage: '',
  imdb_id: null,
  belongs_to_collection: null,
})

export function paginate<T>(items: readonly T[], page: number): Paged<T> {
  const start = (page - 1) * PAGE_SIZE
  return {
    page,
    results: items.slice(start, start + PAGE_SIZE),
    total_pages: Math.min(MAX_PAGE, Math.max(1, Math.ceil(items.length / PAGE_SIZE))),
    total_results: items.length,
  }
}

type MovieOrder = (a: DetailedCatalogMovie, b: DetailedCatalogMovie) => number

const byPopularity: MovieOrder = (a, b) => b.popularity - a.popularity || a.id - b.id

const ASCENDING_ORDERS: Record<string, MovieOrder> = {
  popularity: (a, b) => a.popularity - b.popularity,
  vote_average: (a, b) => a.vote_average - b.vote_average,
  vote_count: (a, b) => a.vote_count - b.vote_count,
  revenue: (a, b) => (a.revenue ?? 0) - (b.revenue ?? 0),
  primary_release_date: (a, b) =>
    a.release_date < b.release_date ? -1 : a.release_date > b.release_date ? 1 : 0,
  title: (a, b) => a.title.localeCompare(b.title, 'en'),
  original_title: (a, b) => a.original_title.localeCompare(b.original_title, 'en'),
}

function orderOf(sortBy: string | undefined): MovieOrder | undefined {
  const [field = '', direction = ''] = (sortBy ?? '').split('.')
  const ascending = ASCENDING_ORDERS[field]
  if (!ascending || (direction !== 'asc' && direction !== 'desc')) return undefined
  if (field === 'popularity' && direction === 'desc') return undefined
  const ordered: MovieOrder = direction === 'asc' ? ascending : (a, b) => ascending(b, a)
  // Undated films go last whichever way dates are sorted.
  if (field !== 'primary_release_date') return ordered
  return (a, b) => Number(!a.release_date) - Number(!b.release_date) || ordered(a, b)
}

function genreFilter(withGenres: string): (movie: DetailedCatalogMovie) => boolean {
  const any = withGenres.includes('|')
  const ids = withGenres
    .split(any ? '|' : ',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map(Number)
  if (ids.length === 0) return () => true
  return any
    ? (movie) => ids.some((id) => movie.genre_ids.includes(id))
    : (movie) => ids.every((id) => movie.genre_ids.includes(id))
}

const releaseYear = (movie: DetailedCatalogMovie) => Number(movie.release_date.slice(0, 4))

function discoverMovies(
  movies: readonly DetailedCatalogMovie[],
  query: DiscoverQuery,
): DetailedCatalogMovie[] {
  const { withGenres, primaryReleaseYear, voteCountGte, primaryReleaseDateLte } = query
  const filters: ((movie: DetailedCatalogMovie) => boolean)[] = []
  if (withGenres) filters.push(genreFilter(withGenres))
  if (primaryReleaseYear !== undefined) {
    filters.push((movie) => releaseYear(movie) === primaryReleaseYear)
  }
  if (voteCountGte !== undefined) filters.push((movie) => movie.vote_count >= voteCountGte)
  if (primaryReleaseDateLte !== undefined) {
    filters.push((movie) => !!movie.release_date && movie.release_date <= primaryReleaseDateLte)
  }
  const selected = movies.filter((movie) => filters.every((keep) => keep(movie)))
  const order = orderOf(query.sortBy)
  // Array#sort is stable and `movies` is by popularity: ties keep that order.
  return order ? selected.sort(order) : selected
}

const sharedCount = (a: readonly number[], b: readonly number[]) =>
  a.filter((id) => b.includes(id)).length

const RECOMMENDATIONS = PAGE_SIZE

function recommendationsFor(
  movie: DetailedCatalogMovie,
  movies: readonly DetailedCatalogMovie[],
): DetailedCatalogMovie[] {
  const director = movie.director ?? ''
  const scored = movies
    .filter((other) => other.id !== movie.id)
    .map((other) => ({
      other,
      sameDirector: director !== '' && other.director === director,
      genres: sharedCount(movie.genre_ids, other.genre_ids),
      distance: Math.abs(other.vote_average - movie.vote_average),
    }))
    .filter(({ sameDirector, genres }) => sameDirector || genres > 0)
  scored.sort(
    (a, b) =>
      Number(b.sameDirector) - Number(a.sameDirector) ||
      b.genres - a.genres ||
      a.distance - b.distance,
  )
  return scored.slice(0, RECOMMENDATIONS).map(({ other }) => other)
}

function releaseDatesOf(movie: DetailedCatalogMovie): MovieDetailParts['release_dates'] {
  const certification = movie.certification ?? ''
  if (!movie.release_date && !certification) return { results: [] }
  return {
    results: [
      {
        iso_3166_1: 'US',
        release_dates: [
          {
            certification,
            descriptors: [],
            iso_639_1: '',
            note: '',
            release_date: movie.release_date ? `${movie.release_date}T00:00:00.000Z` : '',
            type: 3,
          },
        ],
      },
    ],
  }
}

/** Discover queries served lately, so paging through one does not sort the catalog again. */
const DISCOVER_CACHE_SIZE = 32

export function createMovieDb(catalog: readonly DetailedCatalogMovie[]): MovieDb {
  const movies = [...catalog].sort(byPopularity)
  const entries = movies.map((movie) => ({
    movie,
    item: toListItem(movie),
    folded: foldText(movie.title),
  }))
  const byId = new Map(entries.map((entry) => [entry.movie.id, entry]))
  const popular = entries.map((entry) => entry.item)
  const listItem = (movie: DetailedCatalogMovie) => byId.get(movie.id)?.item ?? toListItem(movie)
  const discovered = new Map<string, MovieListItem[]>()
  const people = createDemoPeople(movies, listItem)

  function discoverList(query: DiscoverQuery): MovieListItem[] {
    const key = JSON.stringify([
      query.sortBy,
      query.withGenres,
      query.primaryReleaseYear,
      query.voteCountGte,
      query.primaryReleaseDateLte,
    ])
    let list = discovered.get(key)
    if (!list) {
      list = discoverMovies(movies, query).map(listItem)
      if (discovered.size >= DISCOVER_CACHE_SIZE) discovered.clear()
      discovered.set(key, list)
    }
    return list
  }

  const recommend = (id: number) => {
    const movie = byId.get(id)?.movie
    return movie ? recommendationsFor(movie, movies).map(listItem) : []
  }

  return {
    movies,
    discover: (page, query = {}) =>
      paginate(
        Object.values(query).some((value) => value !== undefined) ? discoverList(query) : popular,
        page,
      ),
    search(query, page, year) {
      const folded = foldText(query)
      if (!folded) return paginate([], page)
      const rankOf = matcher(folded)
      const matches: { item: MovieListItem; rank: Rank }[] = []
      for (const { movie, item, folded: title } of entries) {
        if (year !== undefined && releaseYear(movie) !== year) continue
        const rank = rankOf(title)
        if (rank !== undefined) matches.push({ item, rank })
      }
      matches.sort((a, b) => a.rank - b.rank)
      return paginate(
        matches.map((match) => match.item),
        page,
      )
    },
    find(id, append = []) {
      const movie = byId.get(id)?.movie
      if (!movie) return undefined
      const detail: MovieDetailWithParts = toDetail(movie)
      for (const part of append) {
        if (part === 'credits') {
          const id = movie.director ? people.idOf(movie.director) : undefined
          const crew =
            movie.director && id !== undefined
              ? [{ id, name: movie.director, job: 'Director', department: 'Directing' }]
              : []
          detail.credits = { cast: [], crew }
        } else if (part === 'videos') detail.videos = { results: [] }
        else if (part === 'recommendations') detail.recommendations = paginate(recommend(id), 1)
        else if (part === 'watch/providers') detail['watch/providers'] = { results: {} }
        else detail.release_dates = releaseDatesOf(movie)
      }
      return detail
    },
    recommend,
    person: (id, withCredits) => people.find(id, withCredits),
    searchPeople: (query, page) => paginate(people.search(query), page),
  }
}
