/** Sorting and filtering a movie list (favorites, watchlist, seen), as the URL asks. */
import {
  DEFAULT_LIST_SORT,
  type ListSort,
  type ListViewSearch,
} from '@/features/lists/list-view-search'

/** Case- and accent-insensitive form of a title or a filter: "Amélie" and "amelie" match. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
}

export interface ListViewEntry {
  id: number
  title: string
  release_date?: string | null
  vote_average?: number | null
  added_at?: string | null
}

const titleOrder = new Intl.Collator('en', { sensitivity: 'base', numeric: true })

const yearOf = (entry: ListViewEntry) => {
  const year = Number.parseInt(entry.release_date?.slice(0, 4) ?? '', 10)
  return Number.isFinite(year) ? year : null
}

/** Highest first; entries without a value come last. */
function descending<T>(value: (entry: T) => number | null) {
  return (a: T, b: T) => {
    const left = value(a)
    const right = value(b)
    if (left === null) return right === null ? 0 : 1
    if (right === null) return -1
    return right - left
  }
}

const addedTime = (entry: ListViewEntry) => {
  const time = entry.added_at ? Date.parse(entry.added_at) : Number.NaN
  return Number.isNaN(time) ? null : time
}

const comparators: Record<ListSort, (a: ListViewEntry, b: ListViewEntry) => number> = {
  // Newest first. Entries saved before dates were kept count as oldest, in their stored order.
  added: descending(addedTime),
  title: (a, b) => titleOrder.compare(a.title, b.title),
  year: descending(yearOf),
  rating: descending((entry) => entry.vote_average ?? null),
  stored: () => 0,
}

/**
 * The entries the filter leaves, in the chosen order. Sorting is stable: ties keep the stored
 * order. Titles are folded once per call (a 1,000-entry list takes a few milliseconds).
 */
export function viewList<T extends ListViewEntry>(
  entries: readonly T[],
  { sort = DEFAULT_LIST_SORT, filter = '' }: ListViewSearch,
): T[] {
  const needle = foldText(filter.trim())
  const kept = needle
    ? entries.filter((entry) => foldText(entry.title).includes(needle))
    : [...entries]
  return kept.sort(comparators[sort])
}

/** "12 of 40 movies", "1 of 1 movie". */
export function countLabel(shown: number, total: number): string {
  return `${shown.toLocaleString('en')} of ${total.toLocaleString('en')} ${total === 1 ? 'movie' : 'movies'}`
}
