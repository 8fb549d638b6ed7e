import type { FastifyPluginCallback, FastifyReply } from 'fastify'
import type { ServerConfig } from '../../../config'
import { sendNegotiated } from '../../../compression/send-negotiated'
import { PROXY_ERRORS, type ProxyError } from '../../../tmdb/errors'
import { STALE_IF_ERROR_SECONDS, STALE_WHILE_REVALIDATE_SECONDS } from '../../../tmdb/proxy'
import { loggableError } from '../../../logging/loggable-error'

export interface TmdbRoutesOptions {
  rateLimit: ServerConfig['rateLimit']
}

export function sendProxyError(reply: FastifyReply, error: ProxyError) {
  if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter))
  return reply.code(error.status).header('cache-control', 'no-store').send(error.body)
}

/** The TMDB proxy under API_BASE: every response, errors included, in TMDB's shape. */
const tmdbRoutes: FastifyPluginCallback<TmdbRoutesOptions> = (app, { rateLimit }, done) => {
  const { proxy, allowedRequestOf } = app.tmdb

  app.get(
    '/*',
    {
      config: {
        rateLimit: {
          max: rateLimit.max,
          timeWindow: rateLimit.windowMs,
          // Retry-After once over the limit; no counts on every response below it.
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
      errorHandler: (error: { statusCode?: number; retryAfter?: number }, _request, reply) => {
        if (error.statusCode === 429) {
          void sendProxyError(reply, PROXY_ERRORS.tooManyRequests(error.retryAfter ?? 1))
          return
        }
        reply.log.error({ err: loggableError(error) }, 'proxy failure')
        void sendProxyError(reply, PROXY_ERRORS.unreachable())
      },
    },
    async (request, reply) => {
      const allowed = allowedRequestOf(request.url)
      if (!allowed) return sendProxyError(reply, PROXY_ERRORS.notFound())
      const gone = new AbortController()
      reply.raw.once('close', () => {
        if (!reply.raw.writableEnded) gone.abort()
      })
      let result
      try {
        result = await proxy.get(allowed, gone.signal)
      } catch (error) {
        // The client has gone: Fastify sends nothing on a closed socket.
        if (gone.signal.aborted) return undefined
        throw error
      }
      reply
        .code(result.status)
        .header('content-type', 'application/json; charset=utf-8')
        .header('x-cache', result.cache)
      if (result.kind === 'error') {
        if (result.retryAfter !== undefined) reply.header('retry-after', String(result.retryAfter))
        return reply
          .header(
            'cache-control',
            result.freshSeconds > 0 ? `public, max-age=${result.freshSeconds}` : 'no-store',
          )
          .send(result.body)
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
  done()
}

export default tmdbRoutes
