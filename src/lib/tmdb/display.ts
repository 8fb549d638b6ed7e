/** How TMDB's optional fields read on screen (behaviour §2). */
export const movieFallbacks = {
  title: 'Untitled Movie',
  overview: 'No description available for this movie.',
  releaseDate: 'Unknown',
  rating: 'Not rated',
  genres: 'Not specified',
} as const

export const OVERVIEW_PREVIEW_LENGTH = 80

export const displayTitle = (title: string | null | undefined) =>
  title?.trim() || movieFallbacks.title

/** In characters, not UTF-16 units, so no emoji is cut in half. */
export function overviewPreview(overview: string | null | undefined): string {
  const text = overview?.trim()
  if (!text) return ''
  return `${Array.from(text).slice(0, OVERVIEW_PREVIEW_LENGTH).join('')}...`
}

/** TMDB uses 0 for "no votes yet", which is not a rating. */
export function displayRating(voteAverage: number | null | undefined): string {
  return voteAverage ? `${voteAverage.toFixed(1)} / 10` : movieFallbacks.rating
}

export function displayGenres(genres: readonly { name: string }[] | null | undefined): string {
  const names = (genres ?? []).map((genre) => genre.name.trim()).filter(Boolean)
  return names.length ? names.join(', ') : movieFallbacks.genres
}

export const displayReleaseDate = (date: string | null | undefined) =>
  date?.trim() || movieFallbacks.releaseDate
