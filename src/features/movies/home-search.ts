// Plain code: the route and the entry's preload read the URL alike, so a link is fetched once.
import { genreName } from '@/features/movies/genres'
import { parsePopularPage } from '@/features/movies/popular-page'
import { parseReleaseYear } from '@/lib/release-year'
import { POPULAR, type DiscoverCriteria } from '@/lib/tmdb/requests'

export const HOME_SORTS = {
  popularity: { label: 'Popularity', heading: 'by popularity' },
  rating: { label: 'Rating', heading: 'by rating' },
  newest: { label: 'Newest', heading: 'newest first' },
  title: { label: 'Title', heading: 'by title' },
} as const

export type HomeSort = keyof typeof HOME_SORTS

export interface HomeFilters {
  genre?: number | undefined
  year?: number | undefined
  sort?: Exclude<HomeSort, 'popularity'> | undefined
}

export interface HomeSearch extends HomeFilters {
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

/** Unknown values fall back to the default; only these keys return, so nothing raw gets through. */
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

export const homeFilters = ({ genre, year, sort }: HomeSearch): HomeFilters => ({
  ...(genre === undefined ? {} : { genre }),
  ...(year === undefined ? {} : { year }),
  ...(sort === undefined ? {} : { sort }),
})

export const hasHomeFilters = (filters: HomeFilters) =>
  filters.genre !== undefined || filters.year !== undefined || filters.sort !== undefined

const isoDate = (date: Date) =>
  [date.getFullYear(), date.getMonth() + 1, date.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-')

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
