/** The meta tags the app's server writes into index.html, which the page reads (src/config/). */

/** Where accounts live: the server writes it with content="server" (src/config/accounts-mode.ts). */
export const ACCOUNTS_META = 'cinelist-accounts'

/** How the page reaches TMDB through the server (src/config/tmdb-config.ts). */
export const SERVED_TMDB_META = 'tmdb-proxy'
