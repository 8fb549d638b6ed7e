/**
 * What the demo catalog should produce, computed from its own data: shared by the component
 * tests and the browser tests, which each pass the catalog they run against.
 */
import type { MovieDb } from '@/shared/demo-catalog/db'

/** Behaviour §7: page 1, then pages 2..min(total_pages, 5), merged in order, duplicates dropped. */
export function mergedSearch(db: MovieDb, term: string) {
  const first = db.search(term, 1)
  const lastPage = Math.min(first.total_pages, 5)
  const pages = [first]
  for (let page = 2; page <= lastPage; page++) pages.push(db.search(term, page))
  const seen = new Set<number>()
  const movies = pages
    .flatMap((page) => page.results)
    .filter((movie) => !seen.has(movie.id) && Boolean(seen.add(movie.id)))
  return { movies, totalPages: first.total_pages, calls: lastPage }
}

/** A movie as a stored list keeps it, with when it was added (none for older entries). */
export const listEntryOf = (
  movie: {
    id: number
    title: string
    poster_path: string | null
    release_date: string | null
    vote_average: number | null
  },
  added_at?: string,
) => ({
  id: movie.id,
  title: movie.title,
  poster_path: movie.poster_path,
  release_date: movie.release_date,
  vote_average: movie.vote_average,
  added_at,
})
