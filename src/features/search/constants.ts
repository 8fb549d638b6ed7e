/** Behaviour §4 and §9: input is debounced by 500 ms before it becomes the searched term. */
export const SEARCH_DEBOUNCE_MS = 500
/** Longer than any real title; keeps absurd URLs from becoming absurd requests. */
export const SEARCH_MAX_LENGTH = 100
/** Behaviour §9: at most 5 pages are fetched and 10 results shown. */
export const SEARCH_MAX_PAGES = 5
export const SEARCH_MAX_RESULTS = 10

/** The pages a search asks for once page 1 has told how many there are: 2..min(total, 5). */
export const searchPagesAfterFirst = (totalPages: number): number[] =>
  Array.from({ length: Math.max(0, Math.min(totalPages, SEARCH_MAX_PAGES) - 1) }, (_, i) => i + 2)
