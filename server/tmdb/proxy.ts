import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { LRUCache } from 'lru-cache'
import PQueue from 'p-queue'
import type { AllowedRequest } from './allowlist'
import { PROXY_ERRORS, upstreamErrorBody, type ProxyError } from './errors'
import type { Upstream } from './upstream'

/** How long past its freshness a copy may still be served while TMDB fails. */
export const STALE_IF_ERROR_SECONDS = 24 * 60 * 60
/** How long past its freshness a copy is served at once while a fresh one is fetched. */
export const STALE_WHILE_REVALIDATE_SECONDS = 60
/** TMDB's answer must be complete by then: 504 after. */
export const UPSTREAM_TIMEOUT_MS = 8000
/** Without a Retry-After, TMDB's 429 pauses upstream calls this long. */
const DEFAULT_RETRY_AFTER_SECONDS = 10
/** Below this a body is sent as it is. */
const MIN_COMPRESS_BYTES = 1024

export type CacheStatus = 'HIT' | 'MISS' | 'STALE'

interface Entry {
  body: Buffer
  /** Compressed once, when stored, rather than on every response. */
  encoded: { br: Buffer; gzip: Buffer } | undefined
  freshUntil: number
  freshSeconds: number
}

export type ProxyResponse =
  | {
      kind: 'movie data'
      status: 200
      body: Buffer
      encoded: Entry['encoded']
      cache: CacheStatus
      /** How long browsers and CDNs may keep it; 0 for a stale copy. */
      freshSeconds: number
    }
  | { kind: 'error'; status: number; body: Buffer; retryAfter: number | undefined; cache: 'MISS' }

/** What one request to TMDB came to. */
type Outcome =
  | { kind: 'stored'; entry: Entry }
  /** TMDB's own answer to a bad request (a 404 for an unknown id): passed on, not cached. */
  | { kind: 'answered'; error: ProxyError }
  /** TMDB failed or could not be reached: a stale copy, if any, is served instead. */
  | { kind: 'failed'; error: ProxyError }

export interface TmdbProxyOptions {
  upstream: Upstream
  /** Requests to TMDB per second across all visitors; more wait their turn. */
  perSecond: number
  timeoutMs?: number
  maxEntries?: number
  maxBytes?: number
  now?: () => number
}

function retryAfterSeconds(header: string | null): number {
  if (header) {
    const seconds = Number(header)
    if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds)
    const date = Date.parse(header)
    if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - Date.now()) / 1000))
  }
  return DEFAULT_RETRY_AFTER_SECONDS
}

const isTimeout = (error: unknown) =>
  error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')

const errorResponse = (error: ProxyError): ProxyResponse => ({
  kind: 'error',
  status: error.status,
  body: Buffer.from(JSON.stringify(error.body)),
  retryAfter: error.retryAfter,
  cache: 'MISS',
})

function compress(body: Buffer): Entry['encoded'] {
  if (body.length < MIN_COMPRESS_BYTES) return undefined
  return {
    // A middle quality: compressed on a cache miss, while the visitor waits.
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip: gzipSync(body),
  }
}

/**
 * TMDB behind a cache: an LRU bounded in entries and bytes; identical requests in flight share
 * one upstream request; a copy past its freshness is served at once for a minute while it is
 * refreshed, and for a day when TMDB fails. Upstream requests are capped per second for the
 * whole server (every visitor's misses share its one address at TMDB), and after TMDB's 429
 * none is sent until its Retry-After has passed.
 */
export function createTmdbProxy({
  upstream,
  perSecond,
  timeoutMs = UPSTREAM_TIMEOUT_MS,
  maxEntries = 5000,
  maxBytes = 64 * 1024 * 1024,
  now = Date.now,
}: TmdbProxyOptions) {
  const cache = new LRUCache<string, Entry>({
    max: maxEntries,
    maxSize: maxBytes,
    sizeCalculation: (entry) =>
      entry.body.length + (entry.encoded ? entry.encoded.br.length + entry.encoded.gzip.length : 0),
    perf: { now },
    // Read the clock on every check: a cached reading would outlive a test's clock change.
    ttlResolution: 0,
  })
  const inFlight = new Map<string, Promise<Outcome>>()
  const queue = new PQueue({ intervalCap: perSecond, interval: 1000 })
  let pausedUntil = 0
  const secondsPaused = () => Math.ceil(Math.max(0, pausedUntil - now()) / 1000)

  function store(request: AllowedRequest, body: Buffer): Entry {
    const entry: Entry = {
      body,
      encoded: compress(body),
      freshUntil: now() + request.freshMs,
      freshSeconds: request.freshMs / 1000,
    }
    cache.set(request.pathAndQuery, entry, {
      ttl: request.freshMs + STALE_IF_ERROR_SECONDS * 1000,
    })
    return entry
  }

  async function askTmdb(request: AllowedRequest): Promise<Outcome> {
    const paused = secondsPaused()
    if (paused > 0) return { kind: 'failed', error: PROXY_ERRORS.tooManyRequests(paused) }
    let response: Response
    let body: Buffer
    try {
      const signal = AbortSignal.timeout(timeoutMs)
      response = await upstream(request.pathAndQuery, signal)
      body = Buffer.from(await response.arrayBuffer())
    } catch (error) {
      const proxyError = isTimeout(error) ? PROXY_ERRORS.timeout() : PROXY_ERRORS.unreachable()
      return { kind: 'failed', error: proxyError }
    }
    if (response.status === 429) {
      const seconds = retryAfterSeconds(response.headers.get('retry-after'))
      pausedUntil = Math.max(pausedUntil, now() + seconds * 1000)
      return { kind: 'failed', error: PROXY_ERRORS.tooManyRequests(seconds) }
    }
    if (response.status < 200 || response.status > 299) {
      const error = {
        status: response.status,
        body: upstreamErrorBody(response.status, body.toString()),
      }
      return response.status >= 500 ? { kind: 'failed', error } : { kind: 'answered', error }
    }
    try {
      JSON.parse(body.toString())
    } catch {
      return { kind: 'failed', error: PROXY_ERRORS.notJson() }
    }
    return { kind: 'stored', entry: store(request, body) }
  }

  /** One upstream request per key at a time: later callers share the one in flight. */
  function refresh(request: AllowedRequest): Promise<Outcome> {
    const key = request.pathAndQuery
    let pending = inFlight.get(key)
    if (!pending) {
      // The queue waits its turn under the per-second cap; a request paused meanwhile by a 429
      // is answered without being sent (askTmdb checks again).
      pending = queue.add(() => askTmdb(request)).finally(() => inFlight.delete(key))
      inFlight.set(key, pending)
    }
    return pending
  }

  const fromEntry = (entry: Entry, cacheStatus: CacheStatus): ProxyResponse => ({
    kind: 'movie data',
    status: 200,
    body: entry.body,
    encoded: entry.encoded,
    cache: cacheStatus,
    freshSeconds:
      cacheStatus === 'STALE' ? 0 : Math.max(0, Math.ceil((entry.freshUntil - now()) / 1000)),
  })

  /** A copy is served at once while fresh and, refreshed behind it, a while after. */
  const servedAtOnce = (entry: Entry) =>
    now() < entry.freshUntil + STALE_WHILE_REVALIDATE_SECONDS * 1000

  async function get(request: AllowedRequest): Promise<ProxyResponse> {
    const cached = cache.get(request.pathAndQuery)
    if (cached && now() < cached.freshUntil) return fromEntry(cached, 'HIT')
    if (cached && servedAtOnce(cached)) {
      refresh(request).catch(() => undefined)
      return fromEntry(cached, 'STALE')
    }
    const outcome = await refresh(request)
    if (outcome.kind === 'stored') return fromEntry(outcome.entry, 'MISS')
    // Stale-if-error: the LRU keeps a copy for a day past its freshness.
    if (outcome.kind === 'failed' && cached) return fromEntry(cached, 'STALE')
    return errorResponse(outcome.error)
  }

  return {
    get,
    /**
     * The body `get` would answer with at once, from a copy fresh or within
     * stale-while-revalidate; nothing when it would wait for TMDB. Past its freshness a refresh
     * starts, as `get` starts one.
     */
    answerAtOnce(request: AllowedRequest): Buffer | undefined {
      const cached = cache.get(request.pathAndQuery)
      if (!cached || !servedAtOnce(cached)) return undefined
      if (now() >= cached.freshUntil) refresh(request).catch(() => undefined)
      return cached.body
    },
    /** Entries held now, for tests and operations. */
    get size() {
      return cache.size
    },
  }
}

export type TmdbProxy = ReturnType<typeof createTmdbProxy>
