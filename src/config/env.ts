import * as z from 'zod/mini'

const optionalText = z.pipe(
  z.optional(z.string()),
  z.transform((value) => value?.trim() || undefined),
)

const envSchema = z.object({
  VITE_TMDB_TOKEN: optionalText,
  VITE_TMDB_API_KEY: optionalText,
  VITE_TMDB_API_URL: optionalText,
  VITE_TMDB_IMAGE_URL: optionalText,
})

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
  const parsed = envSchema.parse(env)
  const token = parsed.VITE_TMDB_TOKEN
  const apiKey = parsed.VITE_TMDB_API_KEY
  return {
    apiUrl: trimSlash(parsed.VITE_TMDB_API_URL ?? 'https://api.themoviedb.org'),
    imageUrl: trimSlash(parsed.VITE_TMDB_IMAGE_URL ?? 'https://image.tmdb.org/t/p'),
    token,
    apiKey,
    demo: !token && !apiKey,
  }
}

export const tmdbConfig: TmdbConfig = readTmdbConfig(import.meta.env)
