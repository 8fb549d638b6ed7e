import { LRUCache } from 'lru-cache'
import PQueue from 'p-queue'
import { encodeQuickly, type Encoded } from '../compression/encode'
import type { AllowedRequest } from './allowlist'
import { PROXY_ERRORS, upstreamErrorBody, type ProxyError } from './errors'
import type { Upstream } from './upstream'

export const STALE_IF_ERROR_SECONDS = 24 * 60 * 60
export const STALE_WHILE_REVALIDATE_SECONDS = 60
export const UPSTREAM_TIMEOUT_MS = 8000
export const NOT_FOUND_SECONDS = 60
const QUEUED_SECONDS = 4
const DEFAULT_RETRY_AFTER_SECONDS = 10
const MIN_COMPRESS_BYTES = 1024

export type CacheStatus = 'HIT' | 'MISS' | 'STALE'

interface Entry {
  status: 200 | 404
  body: Buffer
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
      freshSeconds: number
    }
  | {
      kind: 'error'
      status: number
      body: Buffer
      retryAfter: number | undefined
      cache: 'MISS' | 'HIT'
      freshSeconds: number
    }

type Outcome =
  | { kind: 'stored'; entry: Entry }
  /** TMDB's 4xx, passed on (a 404 stored briefly). */
  | { kind: 'error response'; error: ProxyError; entry: Entry | undefined }
  /** TMDB failed or was not reached: a stale copy may stand in. */
  | { kind: 'failed'; error: ProxyError }

export interface TmdbProxyOptions {
  upstream: Upstream
  perSecond: number
  maxQueued?: number
  /** From the visitor's request, its wait in the queue included. */
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
  /** Requests within their deadline that want it: at none, it is dropped. */
  holders: number
  sent: boolean
  stop: AbortController
}

function compress(body: Buffer): Entry['encoded'] {
  return body.length < MIN_COMPRESS_BYTES ? undefined : encodeQuickly(body)
}

/** TMDB behind a cache and a queue, as docs/operations.md (`/api/tmdb/3/…`, Limits) describes. */
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
    // A cached clock reading would outlive a test's clock change.
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
    // A 429 meanwhile pauses it unsent: askTmdb checks again.
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
        // Once sent, its response still fills the cache.
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

  const staleData = (entry: Entry | undefined) => (entry?.status === 200 ? entry : undefined)

  const servedAtOnce = (entry: Entry) =>
    now() < entry.freshUntil + STALE_WHILE_REVALIDATE_SECONDS * 1000

  /** The response to a visitor's request; rejects when `client` aborts (the visitor has gone). */
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
    if (outcome.kind === 'failed' && stale) return fromEntry(stale, 'STALE')
    return errorResponse(outcome.error)
  }

  return {
    get,
    /** The body `get` would respond with at once (a refresh started, as by `get`), or nothing. */
    answerAtOnce(request: AllowedRequest): Buffer | undefined {
      const cached = staleData(cache.get(request.pathAndQuery))
      if (!cached || !servedAtOnce(cached)) return undefined
      if (now() >= cached.freshUntil) refresh(request)
      return cached.body
    },
    get size() {
      return cache.size
    },
    get queued() {
      return queue.size
    },
  }
}

export type TmdbProxy = ReturnType<typeof createTmdbProxy>
