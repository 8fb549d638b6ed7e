import { createMovieListStore } from '@/lib/movie-lists/list-store'

/**
 * The favorites: a movie list like the watchlist, under `favorites:<e-mail>`, which also reads
 * the bare array of movie records earlier versions of the app saved.
 */
export const favorites = createMovieListStore('favorites', { acceptBareArray: true })
