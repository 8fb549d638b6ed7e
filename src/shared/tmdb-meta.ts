/**
 * The meta tag in which the app's server tells the page how to reach TMDB through it
 * (src/config/tmdb-config.ts reads it).
 */
export const SERVED_TMDB_META = 'tmdb-proxy'
