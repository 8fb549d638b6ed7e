export const API_BASE = '/api/tmdb'
export const DEMO_IMAGE_BASE = '/demo-images'
/** An unknown path under it is a JSON 404, never the page. */
export const ACCOUNT_API_BASE = '/api/account'
