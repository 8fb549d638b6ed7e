/** Where the page calls TMDB through this server. */
export const API_BASE = '/api/tmdb'
/** Where the demo catalog's posters are served, with no credential configured. */
export const DEMO_IMAGE_BASE = '/demo-images'
