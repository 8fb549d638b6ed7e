/**
 * The home page's URL (`?page=&genre=&year=&sort=`) and the discover request it stands for.
 * The route's validateSearch and loader and the entry's landing-page preload all read the URL
 * with these functions, so a shared link is requested once. Plain code: the entry uses it.
 */
import { genreName } from '@/features/movies/genres'
import { parsePopularPage } from '@/features/movies/popular-page'
import { parseReleaseYear } from '@/lib/release-year'
import { POPULAR, type DiscoverCriteria } from '@/lib/tmdb/requests'

/** The orders offered, the first being behaviour §7's (popularity), which the URL leaves out. */
export const HOME_SORTS = {
  popularity: { label: 'Popularity', heading: 'by popularity' },
  rating: { label: 'Rating', heading: 'by rating' },
  newest: { label: 'Newest', heading: 'newest first' },
  title: { label: 'Title', heading: 'by title' },
} as const

export type HomeSort = keyof typeof HOME_SORTS

/** What the grid shows; each key is absent when it is the default. */
export interface HomeFilters {
  genre?: number | undefined
  year?: number | undefined
  sort?: Exclude<HomeSort, 'popularity'> | undefined
}

export interface HomeSearch extends HomeFilters {
  /** Absent on page 1. */
  page?: number | undefined
}

/** Without enough votes an average means little: one 10/10 vote would top the list. */
export const RATING_MIN_VOTES = 200

const isHomeSort = (raw: unknown): raw is HomeSort =>
  typeof raw === 'string' && Object.hasOwn(HOME_SORTS, raw)

function parseGenre(raw: unknown): number | undefined {
  const id = typeof raw === 'number' || typeof raw === 'string' ? Number(raw) : Number.NaN
  return genreName(id) === undefined ? undefined : id
}

/**
 * The home page's search parameters: anything that is not a page, genre, year or order TMDB
 * knows falls back to the default. Every key is returned, so nothing raw gets through.
 */
export function parseHomeSearch(search: Record<string, unknown>): HomeSearch {
  const page = parsePopularPage(search.page)
  const { sort } = search
  return {
    page: page > 1 ? page : undefined,
    genre: parseGenre(search.genre),
    year: parseReleaseYear(search.year),
    sort: isHomeSort(sort) && sort !== 'popularity' ? sort : undefined,
  }
}

/** Only the filters of a home search, with every default left out. */
export const homeFilters = ({ genre, year, sort }: HomeSearch): HomeFilters => ({
  ...(genre === undefined ? {} : { genre }),
  ...(year === undefined ? {} : { year }),
  ...(sort === undefined ? {} : { sort }),
})

export const hasHomeFilters = (filters: HomeFilters) =>
  filters.genre !== undefined || filters.year !== undefined || filters.sort !== undefined

/** The local date, `YYYY-MM-DD`. */
const isoDate = (date: Date) =>
  [date.getFullYear(), date.getMonth() + 1, date.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-')

/** What discover is asked for. With no filter, the popular movies of behaviour §7 exactly. */
export function discoverCriteria(filters: HomeFilters, now: Date = new Date()): DiscoverCriteria {
  if (!hasHomeFilters(filters)) return POPULAR
  const order: DiscoverCriteria =
    filters.sort === 'rating'
      ? { sortBy: 'vote_average.desc', voteCountGte: RATING_MIN_VOTES }
      : filters.sort === 'newest'
        ? // Films only announced would otherwise come first.
          { sortBy: 'primary_release_date.desc', primaryReleaseDateLte: isoDate(now) }
        : filters.sort === 'title'
          ? { sortBy: 'title.asc' }
          : POPULAR
  return { ...order, withGenres: filters.genre, primaryReleaseYear: filters.year }
}

/** The grid's heading: "Popular Movies", or what is shown, e.g. "Drama · 1994 · by rating". */
export function homeHeading(filters: HomeFilters): string {
  if (!hasHomeFilters(filters)) return 'Popular Movies'
  const parts = [
    filters.genre === undefined ? undefined : genreName(filters.genre),
    filters.year === undefined ? undefined : String(filters.year),
  ].filter((part) => part !== undefined)
  if (parts.length === 0) parts.push('All movies')
  if (filters.sort) parts.push(HOME_SORTS[filters.sort].heading)
  return parts.join(' · ')
}
