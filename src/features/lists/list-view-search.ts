/**
 * A list page's URL (`?sort=`, `?filter=`), as the list routes' validateSearch reads it. Apart
 * from the sorting itself (list-view.ts), which only the list pages' lazy code needs.
 */

export const LIST_SORTS = {
  added: 'Date added',
  title: 'Title',
  year: 'Release year',
  rating: 'Rating',
  // The order entries were added in, oldest first: how the favorites page has always shown them.
  stored: 'Order added',
} as const

export type ListSort = keyof typeof LIST_SORTS

export const DEFAULT_LIST_SORT: ListSort = 'added'

/** Longer filters are cut: no title is this long, and the URL stays reasonable. */
export const MAX_FILTER_LENGTH = 100

export interface ListViewSearch {
  sort?: ListSort
  filter?: string
}

const isListSort = (value: unknown): value is ListSort =>
  typeof value === 'string' && Object.hasOwn(LIST_SORTS, value)

/**
 * The list page's search params: an unknown sort is the default, a filter is text. Defaults
 * are left out so the bare path stays the canonical URL. Keys are always returned: an omitted
 * key would let the raw value through from the root.
 */
export const listViewSearchParser =
  (defaultSort: ListSort) =>
  (search: Record<string, unknown>): ListViewSearch => {
    const sort = isListSort(search.sort) && search.sort !== defaultSort ? search.sort : undefined
    const raw =
      typeof search.filter === 'string' || typeof search.filter === 'number'
        ? String(search.filter)
        : ''
    const filter = raw.slice(0, MAX_FILTER_LENGTH)
    return { sort, filter: filter.trim() ? filter : undefined }
  }

/** The watchlist's and the seen list's search params (newest first by default). */
export const parseListViewSearch = listViewSearchParser(DEFAULT_LIST_SORT)

/**
 * The favorites page's: by default in the order they were added, as the page of behaviour §2
 * has always shown them.
 */
export const FAVORITES_DEFAULT_SORT: ListSort = 'stored'
export const parseFavoritesViewSearch = listViewSearchParser(FAVORITES_DEFAULT_SORT)
