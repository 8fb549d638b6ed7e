/** Behaviour §4 and §9: input is debounced by 500 ms before it becomes the searched term. */
export const SEARCH_DEBOUNCE_MS = 500
/** Keeps absurd URLs from becoming absurd requests. */
export const SEARCH_MAX_LENGTH = 100
/** Behaviour §9: at most 5 pages are fetched and 10 results shown. */
export const SEARCH_MAX_PAGES = 5
export const SEARCH_MAX_RESULTS = 10

export const searchPagesAfterFirst = (totalPages: number): number[] =>
  Array.from({ length: Math.max(0, Math.min(totalPages, SEARCH_MAX_PAGES) - 1) }, (_, i) => i + 2)
