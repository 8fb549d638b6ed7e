/**
 * The meta tag in which the app's server tells the page where accounts live: content="server"
 * (src/config/accounts-mode.ts reads it). Apart from the TMDB tag's name (tmdb-config.ts): the
 * two are read in different start-up files.
 */
export const ACCOUNTS_META = 'cinelist-accounts'
