/** TMDB, or the demo catalog (demo-upstream.ts), as the proxy sees it. */
export type Upstream = (pathAndQuery: string, signal: AbortSignal) => Promise<Response>

export interface TmdbCredentials {
  apiUrl: string
  token: string | undefined
  apiKey: string | undefined
}

/** TMDB itself, with the credential and nothing of the client's request. */
export function tmdbUpstream(
  { apiUrl, token, apiKey }: TmdbCredentials,
  fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args),
): Upstream {
  return (pathAndQuery, signal) => {
    const url = new URL(`${apiUrl}${pathAndQuery}`)
    const headers: Record<string, string> = { accept: 'application/json' }
    // A bearer token keeps the credential out of URLs, and so out of upstream logs.
    if (token) headers.authorization = `Bearer ${token}`
    else if (apiKey) url.searchParams.set('api_key', apiKey)
    return fetchImpl(url, { headers, signal, redirect: 'error' })
  }
}
