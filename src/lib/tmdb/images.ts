/** Zod-free, like ./requests: the entry uses them too. */
export type PosterSize = 'w200' | 'w300'

export const PLACEHOLDER_POSTER = `${import.meta.env.BASE_URL}placeholder-poster.svg`

export function posterUrl(
  posterPath: string | null | undefined,
  size: PosterSize,
  imageUrl: string,
): string {
  return posterPath ? `${imageUrl}/${size}${posterPath}` : PLACEHOLDER_POSTER
}

/** TMDB's profile size the person page shows (185 × 278). */
export const profileUrl = (profilePath: string, imageUrl: string): string =>
  `${imageUrl}/w185${profilePath}`

/** A streaming service's logo, at TMDB's smallest logo size. */
export const logoUrl = (logoPath: string, imageUrl: string): string => `${imageUrl}/w92${logoPath}`
