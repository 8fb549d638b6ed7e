/**
 * What a detail page asks TMDB for besides the movie itself, in the same request
 * (`append_to_response`): the route's query and the entry's preload both send exactly this.
 */
export const MOVIE_DETAIL_PARTS = ['credits', 'videos', 'recommendations', 'release_dates'] as const
