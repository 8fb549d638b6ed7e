export interface Genre {
  id: number
  name: string
}

/** A film of the demo catalog (catalog.gen.json, from scripts/build-catalog.mjs), in TMDB's terms. */
export interface CatalogMovie {
  id: number
  title: string
  original_title: string
  overview: string
  poster_path: string
  release_date: string
  vote_average: number
  vote_count: number
  popularity: number
  genre_ids: number[]
  genres: Genre[]
  runtime: number
  adult: boolean
  video: boolean
  original_language: string
}

/** Mirrors `CatalogMovieExtras` in scripts/catalog.mjs. */
export interface CatalogMovieExtras {
  director: string
  certification: string
  budget: number
  revenue: number
}

export type DetailedCatalogMovie = CatalogMovie & Partial<CatalogMovieExtras>
