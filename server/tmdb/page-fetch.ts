import { API_BASE } from '@/shared/urls'
import type { TmdbConfig } from '@/shared/tmdb-config'
import { within } from '../lib/within'
import type { AllowedRequest } from './allowlist'
import { PROXY_ERRORS, type ProxyError } from './errors'
import type { ProxyResponse, TmdbProxy } from './proxy'

// From the request's arrival; TMDB itself usually responds in a few hundred milliseconds.
export const PAGE_DATA_WAIT_MS = 1000

/** The proxy in-process, with one deadline for the page; a late call's upstream request goes on. */
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
