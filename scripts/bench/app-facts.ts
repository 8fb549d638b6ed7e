/**
 * What the bench needs to know of the app, taken from the app itself: compiled for Node with
 * the demo catalog's logic (mock-db.mjs), so a changed limit or request cannot drift from it.
 */
export { SEARCH_DEBOUNCE_MS, SEARCH_MAX_PAGES } from '@/features/search/constants'
export { buildRequest, discoverRequest } from '@/lib/tmdb/requests'
export { CURRENT_USER_KEY } from '@/lib/session/session-store'
export { userKey } from '@/lib/session/user-storage'
export { LIST_VERSION } from '@/lib/movie-lists/list-store'
