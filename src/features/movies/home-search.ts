// Plain code: the route and the entry's preload read the URL alike, so a link is fetched once.
import { genreName } from '@/features/movies/genres'
import { movieMessages } from '@/features/movies/messages'
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
  /** TMDB provider ids, "8|337"; one id is a number, so the URL reads `services=8`, not `"8"`. */
  services?: number | string | undefined
  /** The country the services stream in; only with `services`. */
  region?: string | undefined
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

const MAX_SERVICES = 100

/** Positive ids, each once, in order; undefined when there are none. */
export function parseServiceIds(raw: unknown): number[] | undefined {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw : ''
  const ids = [
    ...new Set(
      text
        .split(/[|,]/)
        .filter((part) => /^[1-9]\d{0,9}$/.test(part.trim()))
        .map(Number),
    ),
  ]
    .filter((id) => id <= 2_147_483_647)
    .sort((a, b) => a - b)
    .slice(0, MAX_SERVICES)
  return ids.length > 0 ? ids : undefined
}

/** The URL's form of a set of services: see HomeFilters. */
export const servicesParam = (ids: Iterable<number>): number | string | undefined => {
  const sorted = parseServiceIds([...ids].join('|'))
  if (!sorted) return undefined
  return sorted.length === 1 ? sorted[0] : sorted.join('|')
}

const parseRegion = (raw: unknown) =>
  typeof raw === 'string' && /^[A-Za-z]{2}$/.test(raw) ? raw.toUpperCase() : 'US'

/** Unknown values fall back to the default; only these keys return, so nothing raw gets through. */
export function parseHomeSearch(search: Record<string, unknown>): HomeSearch {
  const page = parsePopularPage(search.page)
  const { sort } = search
  return {
    page: page > 1 ? page : undefined,
    genre: parseGenre(search.genre),
    year: parseReleaseYear(search.year),
    sort: isHomeSort(sort) && sort !== 'popularity' ? sort : undefined,
    ...streamingSearch(search),
  }
}

function streamingSearch(
  search: Record<string, unknown>,
): Pick<HomeFilters, 'services' | 'region'> {
  const ids = parseServiceIds(search.services)
  return ids ? { services: servicesParam(ids), region: parseRegion(search.region) } : {}
}

export const homeFilters = ({ genre, year, sort, services, region }: HomeSearch): HomeFilters => ({
  ...(genre === undefined ? {} : { genre }),
  ...(year === undefined ? {} : { year }),
  ...(sort === undefined ? {} : { sort }),
  ...(services === undefined ? {} : { services, region: region ?? 'US' }),
})

export const hasHomeFilters = (filters: HomeFilters) =>
  filters.genre !== undefined ||
  filters.year !== undefined ||
  filters.sort !== undefined ||
  filters.services !== undefined

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
  const providers = parseServiceIds(filters.services)
  return {
    ...order,
    withGenres: filters.genre,
    primaryReleaseYear: filters.year,
    ...(providers ? { streamingOn: { region: filters.region ?? 'US', providers } } : {}),
  }
}

export function homeHeading(filters: HomeFilters): string {
  if (!hasHomeFilters(filters)) return 'Popular Movies'
  const parts = [
    filters.genre === undefined ? undefined : genreName(filters.genre),
    filters.year === undefined ? undefined : String(filters.year),
  ].filter((part) => part !== undefined)
  if (parts.length === 0) parts.push('All movies')
  if (filters.services !== undefined) parts.push(movieMessages.onChosenServices)
  if (filters.sort) parts.push(HOME_SORTS[filters.sort].heading)
  return parts.join(' · ')
}
