/** A TMDB genre as it appears in movie details. */
export interface Genre {
  id: number
  name: string
}

/**
 * One film of the offline demo catalog (src/mocks/catalog.gen.json, written by
 * scripts/build-catalog.mjs). Field names and meanings follow TMDB's movie objects.
 */
export interface CatalogMovie {
  id: number
  title: string
  original_title: string
  /** Made only from facts in the source record; "" when there are none. */
  overview: string
  /** "/<id>.svg", served by the mock image host. */
  poster_path: string
  /** ISO `YYYY-MM-DD`, or "" when unknown. */
  release_date: string
  vote_average: number
  vote_count: number
  popularity: number
  genre_ids: number[]
  genres: Genre[]
  /** Minutes; 0 when unknown, as TMDB does. */
  runtime: number
  adult: boolean
  video: boolean
  original_language: string
}
