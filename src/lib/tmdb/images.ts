/** Poster URLs on TMDB's image host. Zod-free, like ./requests: the entry chunk uses them too. */
export type PosterSize = 'w200' | 'w300'

export const PLACEHOLDER_POSTER = `${import.meta.env.BASE_URL}placeholder-poster.svg`

/** A poster URL on the image host, or the local placeholder when TMDB has none. */
export function posterUrl(
  posterPath: string | null | undefined,
  size: PosterSize,
  imageUrl: string,
): string {
  return posterPath ? `${imageUrl}/${size}${posterPath}` : PLACEHOLDER_POSTER
}
