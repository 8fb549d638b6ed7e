// No `import.meta` here: vite.config.ts and the server read their settings with it too.

const optionalText = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined

export interface TmdbConfig {
  apiUrl: string
  imageUrl: string
  token: string | undefined
  apiKey: string | undefined
  demo: boolean
  /** The page's server serves the API itself (`npm start`) and holds the credential. */
  proxied: boolean
}

export interface ServedTmdbSettings {
  apiUrl: string
  imageUrl: string
  demo: boolean
}

export const SERVED_TMDB_META = 'tmdb-proxy'

export const trimSlash = (url: string) => url.replace(/\/+$/, '')

export function readTmdbConfig(
  env: Record<string, unknown>,
  served?: ServedTmdbSettings,
): TmdbConfig {
  if (served) {
    return {
      apiUrl: trimSlash(served.apiUrl),
      imageUrl: trimSlash(served.imageUrl),
      // A credential built into the bundle is not used: the server adds its own.
      token: undefined,
      apiKey: undefined,
      demo: served.demo,
      proxied: true,
    }
  }
  const token = optionalText(env.VITE_TMDB_TOKEN)
  const apiKey = optionalText(env.VITE_TMDB_API_KEY)
  return {
    apiUrl: trimSlash(optionalText(env.VITE_TMDB_API_URL) ?? 'https://api.themoviedb.org'),
    imageUrl: trimSlash(optionalText(env.VITE_TMDB_IMAGE_URL) ?? 'https://image.tmdb.org/t/p'),
    token,
    apiKey,
    demo: !token && !apiKey,
    proxied: false,
  }
}

export function readServedTmdbSettings(doc: Document): ServedTmdbSettings | undefined {
  const meta = doc.querySelector(`meta[name="${SERVED_TMDB_META}"]`)
  const apiUrl = optionalText(meta?.getAttribute('content'))
  const imageUrl = optionalText(meta?.getAttribute('data-image-url'))
  if (!meta || !apiUrl || !imageUrl) return undefined
  return {
    apiUrl: new URL(apiUrl, doc.baseURI).href,
    // As written: a page the server rendered has its posters' URLs so, and hydrates them.
    imageUrl,
    demo: meta.hasAttribute('data-demo'),
  }
}
