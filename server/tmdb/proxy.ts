import { LRUCache } from 'lru-cache'
import PQueue from 'p-queue'
import { encodeQuickly, type Encoded } from '../compression/encode'
import type { AllowedRequest } from './allowlist'
import { PROXY_ERRORS, upstreamErrorBody, type ProxyError } from './errors'
import type { Upstream } from './upstream'

/** How long past its freshness a copy may still be served while TMDB fails. */
export const STALE_IF_ERROR_SECONDS = 24 * 60 * 60
/** How long past its freshness a copy is served at once while a fresh one is fetched. */
export const STALE_WHILE_REVALIDATE_SECONDS = 60
/** TMDB's answer must be complete by then: 504 after. */
export const UPSTREAM_TIMEOUT_MS = 8000
/** TMDB's 404 (an unknown id) is answered from the cache this long. */
export const NOT_FOUND_SECONDS = 60
/** By default the queue holds this many seconds' worth of upstream requests: 503 beyond. */
const QUEUED_SECONDS = 4
/** Without a Retry-After, TMDB's 429 pauses upstream calls this long. */
const DEFAULT_RETRY_AFTER_SECONDS = 10
/** Below this a body is sent as it is. */
const MIN_COMPRESS_BYTES = 1024

export type CacheStatus = 'HIT' | 'MISS' | 'STALE'

interface Entry {
  /** TMDB's data, or its 404 for an unknown id (kept briefly, never served stale). */
  status: 200 | 404
  body: Buffer
  /** Compressed once, when stored, rather than on every response. */
  encoded: Encoded | undefined
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
  | {
      kind: 'error'
      status: number
      body: Buffer
      retryAfter: number | undefined
      cache: 'MISS' | 'HIT'
      /** How long TMDB's 404 may be kept; 0 for every other error (not to be stored). */
      freshSeconds: number
    }

/** What one request to TMDB came to. */
type Outcome =
  | { kind: 'stored'; entry: Entry }
  /** TMDB's own answer to a bad request: passed on, cached briefly when a 404. */
  | { kind: 'error response'; error: ProxyError; entry: Entry | undefined }
  /** TMDB failed or could not be reached: a stale copy, if any, is served instead. */
  | { kind: 'failed'; error: ProxyError }

export interface TmdbProxyOptions {
  upstream: Upstream
  /** Requests to TMDB per second across all visitors; more wait their turn. */
  perSecond: number
  /** Upstream requests that may wait their turn; beyond, 503 at once. */
  maxQueued?: number
  /** Each visitor's answer is due this long after it asked, its wait in the queue included. */
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
  freshSeconds: 0,
})

const timedOut: Outcome = { kind: 'failed', error: PROXY_ERRORS.timeout() }

/** One upstream request, shared by every request for its key while it is pending. */
interface Call {
  outcome: Promise<Outcome>
  /** Requests still within their deadline that want it: when none is left, it is dropped. */
  holders: number
  sent: boolean
  stop: AbortController
}

function compress(body: Buffer): Entry['encoded'] {
  return body.length < MIN_COMPRESS_BYTES ? undefined : encodeQuickly(body)
}

/**
 * TMDB behind a cache: an LRU bounded in entries and bytes; identical requests in flight share
 * one upstream request; a copy past its freshness is served at once for a minute while it is
 * refreshed, and for a day when TMDB fails; TMDB's 404 is kept for a minute. Upstream requests
 * are capped per second for the whole server (every visitor's misses share its one address at
 * TMDB) and wait their turn in a bounded queue; after TMDB's 429 none is sent until its
 * Retry-After has passed. Each visitor is answered within `timeoutMs` of asking; an upstream
 * request nobody waits for any more leaves the queue, or is aborted once sent.
 */
export function createTmdbProxy({
  upstream,
  perSecond,
  maxQueued = perSecond * QUEUED_SECONDS,
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
  const inFlight = new Map<string, Call>()
  const queue = new PQueue({ intervalCap: perSecond, interval: 1000 })
  let pausedUntil = 0
  const secondsPaused = () => Math.ceil(Math.max(0, pausedUntil - now()) / 1000)

  function store(request: AllowedRequest, body: Buffer): Entry {
    const entry: Entry = {
      status: 200,
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

  function storeNotFound(request: AllowedRequest, error: ProxyError): Entry {
    const entry: Entry = {
      status: 404,
      body: Buffer.from(JSON.stringify(error.body)),
      encoded: undefined,
      freshUntil: now() + NOT_FOUND_SECONDS * 1000,
      freshSeconds: NOT_FOUND_SECONDS,
    }
    cache.set(request.pathAndQuery, entry, { ttl: NOT_FOUND_SECONDS * 1000 })
    return entry
  }

  async function askTmdb(request: AllowedRequest, signal: AbortSignal): Promise<Outcome> {
    const paused = secondsPaused()
    if (paused > 0) return { kind: 'failed', error: PROXY_ERRORS.tooManyRequests(paused) }
    let response: Response
    let body: Buffer
    try {
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
      if (response.status >= 500) return { kind: 'failed', error }
      const entry = response.status === 404 ? storeNotFound(request, error) : undefined
      return { kind: 'error response', error, entry }
    }
    try {
      JSON.parse(body.toString())
    } catch {
      return { kind: 'failed', error: PROXY_ERRORS.notJson() }
    }
    return { kind: 'stored', entry: store(request, body) }
  }

  /** The key's upstream request in flight, or a new one queued; an error when none may start. */
  function callFor(request: AllowedRequest): Call | ProxyError {
    const key = request.pathAndQuery
    const pending = inFlight.get(key)
    if (pending) return pending
    const paused = secondsPaused()
    if (paused > 0) return PROXY_ERRORS.tooManyRequests(paused)
    if (queue.size >= maxQueued) {
      return PROXY_ERRORS.queueFull(Math.max(1, Math.ceil(queue.size / perSecond)))
    }
    const stop = new AbortController()
    const call: Call = { outcome: Promise.resolve(timedOut), holders: 0, sent: false, stop }
    // The queue waits its turn under the per-second cap; a request paused meanwhile by a 429
    // is answered without being sent (askTmdb checks again).
    call.outcome = queue
      .add(
        () => {
          call.sent = true
          return askTmdb(request, stop.signal)
        },
        { signal: stop.signal },
      )
      .catch((): Outcome => timedOut)
      .finally(() => {
        if (inFlight.get(key) === call) inFlight.delete(key)
      })
    inFlight.set(key, call)
    return call
  }

  /**
   * TMDB's outcome, or a timeout's `timeoutMs` after asking, while the upstream request goes on
   * for others within their deadline. Rejects at once when `client` aborts.
   */
  function outcomeOf(request: AllowedRequest, client?: AbortSignal): Promise<Outcome> {
    if (client?.aborted) return Promise.reject(client.reason as Error)
    const call = callFor(request)
    if (!('outcome' in call)) return Promise.resolve({ kind: 'failed', error: call })
    call.holders += 1
    return new Promise<Outcome>((resolve, reject) => {
      let holding = true
      const release = () => {
        if (!holding) return
        holding = false
        clearTimeout(deadline)
        client?.removeEventListener('abort', onGone)
        call.holders -= 1
        if (call.holders > 0) return
        if (inFlight.get(request.pathAndQuery) === call) inFlight.delete(request.pathAndQuery)
        call.stop.abort(new DOMException('Nobody waits for the response', 'TimeoutError'))
      }
      const deadline = setTimeout(() => {
        release()
        resolve(timedOut)
      }, timeoutMs)
      deadline.unref()
      const onGone = () => {
        reject(client?.reason as Error)
        // Once sent, the answer still fills the cache; it is dropped at this one's deadline.
        if (!call.sent) release()
      }
      client?.addEventListener('abort', onGone, { once: true })
      void call.outcome.then((outcome) => {
        holding = false
        clearTimeout(deadline)
        client?.removeEventListener('abort', onGone)
        resolve(outcome)
      })
    })
  }

  /** A background refresh: nobody waits for it, so its end is of no interest. */
  const refresh = (request: AllowedRequest) => {
    outcomeOf(request).catch(() => undefined)
  }

  const fromEntry = (entry: Entry, cacheStatus: CacheStatus): ProxyResponse => {
    const freshSeconds =
      cacheStatus === 'STALE' ? 0 : Math.max(0, Math.ceil((entry.freshUntil - now()) / 1000))
    if (entry.status === 404) {
      return {
        kind: 'error',
        status: 404,
        body: entry.body,
        retryAfter: undefined,
        cache: cacheStatus === 'HIT' ? 'HIT' : 'MISS',
        freshSeconds,
      }
    }
    return {
      kind: 'movie data',
      status: 200,
      body: entry.body,
      encoded: entry.encoded,
      cache: cacheStatus,
      freshSeconds,
    }
  }

  /** TMDB's data past its freshness, still servable (a 404 is never served stale). */
  const staleData = (entry: Entry | undefined) => (entry?.status === 200 ? entry : undefined)

  /** A copy is served at once while fresh and, refreshed behind it, a while after. */
  const servedAtOnce = (entry: Entry) =>
    now() < entry.freshUntil + STALE_WHILE_REVALIDATE_SECONDS * 1000

  /**
   * The answer for a visitor's request, due within `timeoutMs`. Rejects with the signal's reason
   * when `client` aborts (the visitor has gone).
   */
  async function get(request: AllowedRequest, client?: AbortSignal): Promise<ProxyResponse> {
    const cached = cache.get(request.pathAndQuery)
    if (cached && now() < cached.freshUntil) return fromEntry(cached, 'HIT')
    const stale = staleData(cached)
    if (stale && servedAtOnce(stale)) {
      refresh(request)
      return fromEntry(stale, 'STALE')
    }
    const outcome = await outcomeOf(request, client)
    if (outcome.kind === 'stored') return fromEntry(outcome.entry, 'MISS')
    if (outcome.kind === 'error response' && outcome.entry) return fromEntry(outcome.entry, 'MISS')
    // Stale-if-error: the LRU keeps a copy for a day past its freshness.
    if (outcome.kind === 'failed' && stale) return fromEntry(stale, 'STALE')
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
      const cached = staleData(cache.get(request.pathAndQuery))
      if (!cached || !servedAtOnce(cached)) return undefined
      if (now() >= cached.freshUntil) refresh(request)
      return cached.body
    },
    /** Entries held now, for tests and operations. */
    get size() {
      return cache.size
    },
    /** Upstream requests waiting their turn now, for tests and operations. */
    get queued() {
      return queue.size
    },
  }
}

export type TmdbProxy = ReturnType<typeof createTmdbProxy>
