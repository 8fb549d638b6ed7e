/** The credential of the `server-proxy` project's server: it must never reach the browser. */
export const SERVER_TMDB_TOKEN = 'e2e-server-token-5d0c9a'
