/** Sent alike by the detail route's query and the first-page prefetch (append_to_response). */
export const MOVIE_DETAIL_PARTS = [
  'credits',
  'videos',
  'recommendations',
  'release_dates',
  'watch/providers',
] as const
