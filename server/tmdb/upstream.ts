/**
 * Where the proxy's requests go: TMDB with the server's credential, or, with no credential, the
 * demo catalog (./demo-upstream.ts). Either way a function from a path and query to a Response.
 */
export type Upstream = (pathAndQuery: string, signal: AbortSignal) => Promise<Response>

export interface TmdbCredentials {
  apiUrl: string
  token: string | undefined
  apiKey: string | undefined
}

/**
 * TMDB itself. Only the credential is added; nothing of the client's request (cookies, its
 * authorization, other headers) is passed on.
 */
export function tmdbUpstream(
  { apiUrl, token, apiKey }: TmdbCredentials,
  fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args),
): Upstream {
  return (pathAndQuery, signal) => {
    const url = new URL(`${apiUrl}${pathAndQuery}`)
    const headers: Record<string, string> = { accept: 'application/json' }
    // The bearer token keeps the credential out of URLs (and so out of any upstream log).
    if (token) headers.authorization = `Bearer ${token}`
    else if (apiKey) url.searchParams.set('api_key', apiKey)
    return fetchImpl(url, { headers, signal, redirect: 'error' })
  }
}
