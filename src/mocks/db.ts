import type { CatalogMovie, Genre } from './catalog'

/** TMDB's page size and its highest page. */
export const PAGE_SIZE = 20
export const MAX_PAGE = 500

/** TMDB's paged list response. */
export interface Paged<T> {
  page: number
  results: T[]
  total_pages: number
  total_results: number
}

/** A movie as TMDB lists it (discover, search): genre ids only, no details. */
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

/** A movie as TMDB's detail endpoint returns it (the fields the demo can fill honestly). */
export interface MovieDetail extends Omit<MovieListItem, 'genre_ids'> {
  genres: Genre[]
  runtime: number
  status: 'Released'
  tagline: string
  homepage: string
  imdb_id: string | null
  belongs_to_collection: null
}

export interface MovieDb {
  /** All movies, most popular first. */
  readonly movies: readonly CatalogMovie[]
  discover(page: number): Paged<MovieListItem>
  search(query: string, page: number): Paged<MovieListItem>
  find(id: number): MovieDetail | undefined
}

/** Lower case, no accents, single spaces: "Léon " and "leon" compare equal. */
export function foldText(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()
}

/** Search ranks, best first. */
const RANK = { exact: 0, prefix: 1, word: 2, substring: 3 } as const
type Rank = (typeof RANK)[keyof typeof RANK]

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The query's rank for a folded title, or undefined when it does not match. */
function rankTitle(title: string, query: string, wholeWord: RegExp): Rank | undefined {
  if (title === query) return RANK.exact
  if (title.startsWith(query)) return RANK.prefix
  if (wholeWord.test(title)) return RANK.word
  if (title.includes(query)) return RANK.substring
  return undefined
}

type MovieBase = Omit<MovieListItem, 'genre_ids'>

/** The fields list items and details share. */
function toBase(movie: CatalogMovie): MovieBase {
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

const toListItem = (movie: CatalogMovie): MovieListItem => ({
  ...toBase(movie),
  genre_ids: movie.genre_ids,
})

const toDetail = (movie: CatalogMovie): MovieDetail => ({
  ...toBase(movie),
  genres: movie.genres,
  runtime: movie.runtime,
  status: 'Released',
  tagline: '',
  homepage: '',
  imdb_id: null,
  belongs_to_collection: null,
})

/**
 * One page of `items`. total_pages is at least 1, as TMDB reports for no results, and at most
 * 500, the last page TMDB serves.
 */
export function paginate<T>(items: readonly T[], page: number): Paged<T> {
  const start = (page - 1) * PAGE_SIZE
  return {
    page,
    results: items.slice(start, start + PAGE_SIZE),
    total_pages: Math.min(MAX_PAGE, Math.max(1, Math.ceil(items.length / PAGE_SIZE))),
    total_results: items.length,
  }
}

const byPopularity = (a: CatalogMovie, b: CatalogMovie) =>
  b.popularity - a.popularity || a.id - b.id

/** An in-memory TMDB over the demo catalog. */
export function createMovieDb(catalog: readonly CatalogMovie[]): MovieDb {
  const movies = [...catalog].sort(byPopularity)
  const entries = movies.map((movie) => ({
    item: toListItem(movie),
    folded: foldText(movie.title),
  }))
  const byId = new Map(movies.map((movie) => [movie.id, movie]))
  const popular = entries.map((entry) => entry.item)

  return {
    movies,
    discover: (page) => paginate(popular, page),
    search(query, page) {
      const folded = foldText(query)
      if (!folded) return paginate([], page)
      // Letter/digit boundaries in any script: "alien" is a word of "avp: alien vs. predator",
      // not of "aliens".
      const wholeWord = new RegExp(
        `(?<![\\p{L}\\p{N}])${escapeRegExp(folded)}(?![\\p{L}\\p{N}])`,
        'u',
      )
      const matches: { item: MovieListItem; rank: Rank }[] = []
      for (const { item, folded: title } of entries) {
        const rank = rankTitle(title, folded, wholeWord)
        if (rank !== undefined) matches.push({ item, rank })
      }
      // Entries are already by popularity and Array#sort is stable, so ties keep that order.
      matches.sort((a, b) => a.rank - b.rank)
      return paginate(
        matches.map((match) => match.item),
        page,
      )
    },
    find(id) {
      const movie = byId.get(id)
      return movie && toDetail(movie)
    },
  }
}
