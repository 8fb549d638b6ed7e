/** The app's server's paths, which the page calls too. */

/** Where the page calls TMDB through this server. */
export const API_BASE = '/api/tmdb'
/** Where the demo catalog's posters are served, with no credential configured. */
export const DEMO_IMAGE_BASE = '/demo-images'
/** Where the accounts' API is served: an unknown path under it is a JSON 404, never the page. */
export const ACCOUNT_API_BASE = '/api/account'
