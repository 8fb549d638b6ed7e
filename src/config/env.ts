import {
  readServedTmdbSettings,
  readTmdbConfig,
  trimSlash,
  type TmdbConfig,
} from '@/shared/tmdb-config'

export {
  readServedTmdbSettings,
  readTmdbConfig,
  type ServedTmdbSettings,
  type TmdbConfig,
} from '@/shared/tmdb-config'

/** This page's TMDB settings: its server's, when a server sent it, else the build's. */
export const tmdbConfig: TmdbConfig = readTmdbConfig(
  import.meta.env,
  typeof document === 'undefined' ? undefined : readServedTmdbSettings(document),
)

/**
 * `render`'s result, with posters on `imageUrl`: the app's server draws some views into the
 * pages it sends (server/landing-answer.ts) with the image host it gives those pages. Rendering
 * is synchronous, so nothing else runs in between.
 */
export function withImageUrl<T>(imageUrl: string, render: () => T): T {
  const own = tmdbConfig.imageUrl
  tmdbConfig.imageUrl = trimSlash(imageUrl)
  try {
    return render()
  } finally {
    tmdbConfig.imageUrl = own
  }
}
