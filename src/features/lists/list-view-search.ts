// Apart from the sorting (list-view.ts), which only the list pages' lazy code needs.

export const LIST_SORTS = {
  added: 'Date added',
  title: 'Title',
  year: 'Release year',
  rating: 'Rating',
} as const

export type ListSort = keyof typeof LIST_SORTS

export const DEFAULT_LIST_SORT: ListSort = 'added'

/** A list of one's own opens in its owner's order. */
export const NAMED_LIST_SORTS = { custom: 'Custom order', ...LIST_SORTS } as const
export type NamedListSort = keyof typeof NAMED_LIST_SORTS
export const DEFAULT_NAMED_LIST_SORT: NamedListSort = 'custom'

export const MAX_FILTER_LENGTH = 100

export interface ListViewSearch {
  sort?: ListSort | 'custom'
  filter?: string
}

export interface WatchlistSearch extends ListViewSearch {
  /** Only the films streaming on the person's services. */
  services?: true | undefined
}

export const parseWatchlistSearch = (search: Record<string, unknown>): WatchlistSearch => ({
  ...parseListViewSearch(search),
  services: search.services === true || search.services === 'true' ? true : undefined,
})

const isListSort = (value: unknown): value is ListSort =>
  typeof value === 'string' && Object.hasOwn(LIST_SORTS, value)

export interface NamedListSearch extends ListViewSearch {
  sort?: NamedListSort
}

export function parseNamedListSearch(search: Record<string, unknown>): NamedListSearch {
  const { filter } = parseListViewSearch(search)
  const sort =
    typeof search.sort === 'string' &&
    Object.hasOwn(NAMED_LIST_SORTS, search.sort) &&
    search.sort !== DEFAULT_NAMED_LIST_SORT
      ? (search.sort as NamedListSort)
      : undefined
  return { sort, filter }
}

// Keys are always returned: an omitted key would let the raw value through from the root.
export function parseListViewSearch(search: Record<string, unknown>): ListViewSearch {
  const sort =
    isListSort(search.sort) && search.sort !== DEFAULT_LIST_SORT ? search.sort : undefined
  const raw =
    typeof search.filter === 'string' || typeof search.filter === 'number'
      ? String(search.filter)
      : ''
  const filter = raw.slice(0, MAX_FILTER_LENGTH)
  return { sort, filter: filter.trim() ? filter : undefined }
}
