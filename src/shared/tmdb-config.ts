/**
 * How the app reaches TMDB, from the build's settings or the serving page's meta tag. No
 * `import.meta` here: vite.config.ts and the server read their settings with it too.
 */

/**
 * A set, non-blank setting, trimmed. (Plain code rather than a schema: the small entry chunk
 * reads the config, and src/lib/validate.ts is not in it.)
 */
const optionalText = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined

export interface TmdbConfig {
  /** API origin (or, behind the app's server, its proxy's base URL), without a trailing slash. */
  apiUrl: string
  /** Image base (the part before `/w300/...`), without a trailing slash. */
  imageUrl: string
  token: string | undefined
  apiKey: string | undefined
  /** The films come from the demo catalog rather than TMDB. */
  demo: boolean
  /**
   * The server that sent the page answers the API itself (`npm start`) and holds the
   * credential; the page sends none. Otherwise the page calls TMDB, or in demo mode a mock
   * worker, itself.
   */
  proxied: boolean
}

/**
 * What the app's own server says of its API, in a meta tag it writes into index.html (read
 * from the page: a static host writes none, and the build's settings apply).
 */
export interface ServedTmdbSettings {
  apiUrl: string
  imageUrl: string
  demo: boolean
}

/** The meta tag's name; server/index-html.ts writes it. */
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

/** The settings in the page's meta tag, as absolute URLs; nothing when there is no such tag. */
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
