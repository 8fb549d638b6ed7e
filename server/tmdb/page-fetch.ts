import { API_BASE } from '@/shared/urls'
import type { TmdbConfig } from '@/shared/tmdb-config'
import { within } from '../lib/within'
import type { AllowedRequest } from './allowlist'
import { PROXY_ERRORS, type ProxyError } from './errors'
import type { ProxyResponse, TmdbProxy } from './proxy'

/**
 * How long a page rendered on the server waits for its TMDB data, from the request's arrival:
 * past it the page goes without (the browser fetches it). An answer in the proxy's cache is
 * there at once; TMDB itself usually answers in a few hundred milliseconds.
 */
export const PAGE_DATA_WAIT_MS = 1000

/**
 * TMDB as a page the server renders reaches it: the proxy, called in-process with the
 * requests the browser would send it, within one deadline for the whole page. A call past it
 * fails, and the proxy's upstream request goes on for the browser's to take.
 */
export function pageTmdb({
  proxy,
  allowedRequestOf,
  imageUrl,
  demo,
  waitMs = PAGE_DATA_WAIT_MS,
}: {
  proxy: TmdbProxy
  allowedRequestOf: (rawUrl: string) => AllowedRequest | undefined
  imageUrl: string
  demo: boolean
  waitMs?: number
}): { config: TmdbConfig; fetch: typeof fetch } {
  const deadline = Date.now() + waitMs
  const config: TmdbConfig = {
    apiUrl: API_BASE,
    imageUrl,
    token: undefined,
    apiKey: undefined,
    demo,
    proxied: true,
  }
  const responseOf = async (url: string): Promise<ProxyError | ProxyResponse> => {
    const allowed = allowedRequestOf(url)
    if (!allowed) return PROXY_ERRORS.notFound()
    const late = PROXY_ERRORS.timeout()
    return within<ProxyError | ProxyResponse>(proxy.get(allowed), deadline - Date.now(), late)
  }
  const fetchFromProxy = async (input: string | URL | Request) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const { status, body } = await responseOf(url)
    return new Response(Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    })
  }
  return { config, fetch: fetchFromProxy }
}
