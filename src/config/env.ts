/**
 * A set, non-blank setting, trimmed. (Plain code rather than a schema: the small entry chunk
 * reads the config, and zod is not in it.)
 */
const optionalText = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined

export interface TmdbConfig {
  /** API origin, without a trailing slash. */
  apiUrl: string
  /** Image base (the part before `/w300/...`), without a trailing slash. */
  imageUrl: string
  token: string | undefined
  apiKey: string | undefined
  /** No credential: the app runs on the bundled demo catalog, served by a mock worker. */
  demo: boolean
}

const trimSlash = (url: string) => url.replace(/\/+$/, '')

export function readTmdbConfig(env: Record<string, unknown>): TmdbConfig {
  const token = optionalText(env.VITE_TMDB_TOKEN)
  const apiKey = optionalText(env.VITE_TMDB_API_KEY)
  return {
    apiUrl: trimSlash(optionalText(env.VITE_TMDB_API_URL) ?? 'https://api.themoviedb.org'),
    imageUrl: trimSlash(optionalText(env.VITE_TMDB_IMAGE_URL) ?? 'https://image.tmdb.org/t/p'),
    token,
    apiKey,
    demo: !token && !apiKey,
  }
}

export const tmdbConfig: TmdbConfig = readTmdbConfig(import.meta.env)
