import { createMovieListStore } from '@/lib/movie-lists/list-store'

// Also reads the bare array of movie records earlier versions saved.
export const favorites = createMovieListStore('favorites', { acceptBareArray: true })
