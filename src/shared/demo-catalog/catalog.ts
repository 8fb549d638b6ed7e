/** A TMDB genre as it appears in movie details. */
export interface Genre {
  id: number
  name: string
}

/**
 * One film of the offline demo catalog (catalog.gen.json beside this file, written by
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

/**
 * What the demo catalog adds for a detail page, from the same source record. Mirrors
 * `CatalogMovieExtras` in scripts/catalog.mjs.
 */
export interface CatalogMovieExtras {
  /** "" when unknown. */
  director: string
  /** The MPAA rating ("PG-13"); "" when the record has none. */
  certification: string
  /** US dollars; 0 when unknown, as TMDB does. */
  budget: number
  /** Worldwide gross in US dollars; 0 when unknown. */
  revenue: number
}

/** A catalog movie as catalog.gen.json holds it. The extras are optional for hand-made fixtures. */
export type DetailedCatalogMovie = CatalogMovie & Partial<CatalogMovieExtras>
