import { readFile } from 'node:fs/promises'
import { join, sep } from 'node:path'
import { Negotiator } from '@fastify/accept-negotiator'
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import { LRUCache } from 'lru-cache'
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify'
import { SUBRESOURCE_POLICY } from '../build/content-security-policy'
import type { ServerConfig } from './config'
import { servedIndexHtml, type ServedPage } from './index-html'
import { landingAnswerPages } from './landing-answer'
import { landingPreloadLinks } from './landing-preload'
import { RequestLog } from './request-log'
import { allowedRequest, type AllowedRequest } from './tmdb/allowlist'
import { PROXY_ERRORS, type ProxyError } from './tmdb/errors'
import {
  createTmdbProxy,
  STALE_IF_ERROR_SECONDS,
  STALE_WHILE_REVALIDATE_SECONDS,
} from './tmdb/proxy'
import { tmdbUpstream, type Upstream } from './tmdb/upstream'

/** Where the page calls TMDB through this server. */
export const API_BASE = '/api/tmdb'
/** Where the demo catalog's posters are served, with no credential configured. */
export const DEMO_IMAGE_BASE = '/demo-images'

/** Features the app never uses, denied to the page and anything it might embed. */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'payment',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ')

/** A path whose last segment has an extension names a file: a missing one is a real 404. */
const NAMES_A_FILE = /\.[^/]+$/

export interface ServerState {
  /** False once the server is shutting down: /readyz answers 503. */
  accepting: boolean
}

export interface ServerOptions {
  /** Instead of TMDB or the demo catalog (tests). */
  upstream?: Upstream
  /** Fastify's logger option; the JSON logger of `config.logLevel` when not given. */
  logger?: FastifyServerOptions['logger']
  /** The proxy's upstream timeout, in ms (tests). */
  upstreamTimeoutMs?: number
  now?: () => number
}

const encodings = new Negotiator({ supportedValues: ['br', 'gzip', 'identity'] })

/** Sends `body`, or its br/gzip copy when the client accepts one. */
function sendNegotiated(
  reply: FastifyReply,
  acceptEncoding: string | undefined,
  body: Buffer,
  encoded: { br: Buffer; gzip: Buffer } | undefined,
) {
  reply.header('vary', 'Accept-Encoding')
  const encoding = encoded && acceptEncoding ? encodings.negotiate(acceptEncoding) : null
  if (encoded && (encoding === 'br' || encoding === 'gzip')) {
    return reply.header('content-encoding', encoding).send(encoded[encoding])
  }
  return reply.send(body)
}

function sendProxyError(reply: FastifyReply, error: ProxyError) {
  if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter))
  return reply.code(error.status).header('cache-control', 'no-store').send(error.body)
}

/**
 * The production server: the built app with its security headers, the TMDB proxy at
 * /api/tmdb that holds the credential, and health checks. Listening is left to the caller.
 */
export async function buildServer(
  config: ServerConfig,
  options: ServerOptions = {},
): Promise<{ app: FastifyInstance; state: ServerState }> {
  const state: ServerState = { accepting: true }
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    logController: new RequestLog(),
    trustProxy: config.trustProxy,
    // Keep-alive sockets with no request in flight are closed at once on shutdown.
    forceCloseConnections: 'idle',
  })

  const demo =
    config.demo && !options.upstream
      ? (await import('./tmdb/demo-upstream')).createDemoUpstream()
      : undefined
  const proxy = createTmdbProxy({
    upstream: options.upstream ?? demo?.api ?? tmdbUpstream(config.tmdb),
    perSecond: config.upstreamPerSecond,
    ...(options.upstreamTimeoutMs === undefined ? {} : { timeoutMs: options.upstreamTimeoutMs }),
    ...(options.now ? { now: options.now } : {}),
  })
  const imageUrl = demo ? DEMO_IMAGE_BASE : config.tmdb.imageUrl
  const page = servedIndexHtml(await readFile(join(config.distDir, 'index.html'), 'utf8'), {
    apiBase: API_BASE,
    imageUrl,
    demo: config.demo,
  })

  await app.register(helmet, {
    // Set below from the two policies, made once: helmet would build the header from its
    // directives again on every response.
    contentSecurityPolicy: false,
    // require-corp would block the posters, which TMDB's image host serves without CORP.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Left out: headers for browsers that no longer ship (X-Frame-Options, which frame-ancestors
    // replaces; X-XSS-Protection; X-Download-Options; X-Permitted-Cross-Domain-Policies) or
    // that restate a default (X-DNS-Prefetch-Control, Origin-Agent-Cluster). Every response
    // carries the headers, and over HTTP/1.1 each script pays their bytes on a phone's link.
    xFrameOptions: false,
    xXssProtection: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xDnsPrefetchControl: false,
    originAgentCluster: false,
  })
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY)
    // The page sets its own (sendPage).
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', SUBRESOURCE_POLICY)
    }
    // Once stopping, a request in flight on a keep-alive connection closes it with its answer;
    // left open and idle, it would hold the process for the whole grace period (shutdown.ts).
    // Here rather than in a hook of its own, which would cost every response a hook call.
    if (!state.accepting) reply.header('connection', 'close')
    done(null, payload)
  })

  await app.register(rateLimit, { global: false })

  app.get('/healthz', (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  )
  app.get('/readyz', (_request, reply) =>
    reply
      .code(state.accepting ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: state.accepting ? 'ready' : 'shutting down' }),
  )

  // The same few URLs come again and again: parsing and normalising each once keeps the
  // cached path short. Bounded, so made-up URLs only push out others.
  const allowedByUrl = new LRUCache<string, AllowedRequest | false>({ max: 10_000 })
  const allowedRequestOf = (rawUrl: string): AllowedRequest | undefined => {
    let allowed = allowedByUrl.get(rawUrl)
    if (allowed === undefined) {
      const url = new URL(rawUrl, 'http://server.invalid')
      allowed = allowedRequest(url.pathname.slice(API_BASE.length), url.searchParams) ?? false
      allowedByUrl.set(rawUrl, allowed)
    }
    return allowed || undefined
  }

  app.get(
    `${API_BASE}/*`,
    {
      config: {
        rateLimit: {
          max: config.rateLimit.max,
          timeWindow: config.rateLimit.windowMs,
          // Retry-After once over the limit; no count on every answer below it.
          addHeadersOnExceeding: {
            'x-ratelimit-limit': false,
            'x-ratelimit-remaining': false,
            'x-ratelimit-reset': false,
          },
          errorResponseBuilder: (_request, context) => ({
            statusCode: 429,
            retryAfter: Math.ceil(context.ttl / 1000),
          }),
        },
      },
      // The rate limiter's 429 in TMDB's shape, like every answer of this route.
      errorHandler: (error: { statusCode?: number; retryAfter?: number }, _request, reply) => {
        if (error.statusCode === 429) {
          void sendProxyError(reply, PROXY_ERRORS.tooManyRequests(error.retryAfter ?? 1))
          return
        }
        reply.log.error({ err: error }, 'proxy failure')
        void sendProxyError(reply, PROXY_ERRORS.unreachable())
      },
    },
    async (request, reply) => {
      const allowed = allowedRequestOf(request.url)
      if (!allowed) return sendProxyError(reply, PROXY_ERRORS.notFound())
      const result = await proxy.get(allowed)
      reply
        .code(result.status)
        .header('content-type', 'application/json; charset=utf-8')
        .header('x-cache', result.cache)
      if (result.kind === 'error') {
        if (result.retryAfter !== undefined) reply.header('retry-after', String(result.retryAfter))
        return reply.header('cache-control', 'no-store').send(result.body)
      }
      reply.header(
        'cache-control',
        result.freshSeconds > 0
          ? `public, max-age=${result.freshSeconds}, s-maxage=${result.freshSeconds}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}, stale-if-error=${STALE_IF_ERROR_SECONDS}`
          : 'no-cache',
      )
      return sendNegotiated(reply, request.headers['accept-encoding'], result.body, result.encoded)
    },
  )

  if (demo) {
    app.get(`${DEMO_IMAGE_BASE}/*`, async (request, reply) => {
      const response = await demo.image(
        request.url.slice(DEMO_IMAGE_BASE.length).split('?')[0] ?? '',
      )
      if (!response?.ok) return reply.code(404).type('text/plain').send('Not found')
      return (
        reply
          .type(response.headers.get('content-type') ?? 'application/octet-stream')
          .header('cache-control', response.headers.get('cache-control') ?? 'no-cache')
          // Public posters, like TMDB's image host's: a page on another origin may show them.
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(Buffer.from(await response.arrayBuffer()))
      )
    })
  }

  const landingPreload = landingPreloadLinks(API_BASE)
  const pageWithAnswer = landingAnswerPages(page, imageUrl)
  const sendPage = (
    request: { url: string; headers: { 'accept-encoding'?: string | undefined } },
    reply: FastifyReply,
  ) => {
    const preload = landingPreload(request.url)
    const allowed = preload && allowedRequestOf(preload.url)
    // A page's first TMDB answer at hand goes inside the page: its request then needs no round
    // trip. One that has to come from TMDB is announced instead, so that round trip runs as
    // the page's scripts download. (Announced while cached, it only took the scripts'
    // bandwidth: measured, the home page's LCP was 70 ms later with the hint.)
    const answer = allowed ? proxy.answerAtOnce(allowed) : undefined
    if (preload && allowed && !answer) reply.header('link', preload.link)
    const served: ServedPage = preload && answer ? pageWithAnswer(preload, answer) : page
    return sendNegotiated(
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', served.contentSecurityPolicy),
      request.headers['accept-encoding'],
      served.html,
      served,
    )
  }

  const assetsDir = join(config.distDir, 'assets') + sep
  await app.register(fastifyStatic, {
    root: config.distDir,
    // index.html goes out rewritten (sendPage), never as the file on disk.
    index: false,
    allowedPath: (pathName) => pathName !== '/index.html',
    preCompressed: true,
    dotfiles: 'deny',
    cacheControl: false,
    // Hashed assets are never revalidated (immutable), and the others are few and small.
    etag: false,
    lastModified: false,
    setHeaders: (reply, path) => {
      // Hashed file names: a new build never reuses one.
      reply.header(
        'cache-control',
        path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
    },
  })

  app.get('/', sendPage)
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    if (path === API_BASE || path.startsWith(`${API_BASE}/`)) {
      return sendProxyError(reply, PROXY_ERRORS.notFound())
    }
    // The app's routes (and its own 404 page) are paths without an extension.
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      (!NAMES_A_FILE.test(path) || path === '/index.html')
    ) {
      return sendPage(request, reply)
    }
    return reply
      .code(404)
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      .send('Not found')
  })
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500
    if (status >= 500) request.log.error({ err: error }, 'request failed')
    // Never a stack or the error's own words: they could say more than a visitor should see.
    return reply
      .code(status)
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(status >= 500 ? 'Server error' : 'Bad request')
  })

  return { app, state }
}
