import { createHash } from 'node:crypto'
import type { FastifyPluginCallback, FastifyReply } from 'fastify'
import type { ServerConfig } from '../../config'
import { loggableError } from '../../logging/loggable-error'
import { MAX_SHARED_PAGE, readShared, SHARED_PAGE } from '../../lists/shares'

export const SHARED_API_BASE = '/api/shared'

export interface SharedRoutesOptions {
  rateLimit: ServerConfig['rateLimit']
}

const query = {
  type: 'object',
  additionalProperties: false,
  properties: {
    offset: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
    limit: { type: 'integer', minimum: 1, maximum: MAX_SHARED_PAGE, default: SHARED_PAGE },
  },
} as const

const refuse = (reply: FastifyReply, status: number, body: object) =>
  reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .send(body)

// The per-client limit of the TMDB proxy's routes; headers only once over it.
const rateLimitOf = ({ max, windowMs }: ServerConfig['rateLimit']) => {
  const options = {
    max,
    timeWindow: windowMs,
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_request: unknown, context: { ttl: number }) => ({
      statusCode: 429,
      retryAfter: Math.ceil(context.ttl / 1000),
    }),
  }
  return options
}

/** GET /api/shared/:token (docs/api.md): a list its owner shared, to anyone with the link. */
const sharedRoutes: FastifyPluginCallback<SharedRoutesOptions> = (app, { rateLimit }, done) => {
  app.setErrorHandler((error: { statusCode?: number; retryAfter?: number }, request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500
    if (status >= 500) request.log.error({ err: loggableError(error) }, 'shared list failed')
    if (status === 429 && error.retryAfter !== undefined) {
      reply.header('retry-after', String(error.retryAfter))
    }
    return refuse(reply, status, {
      error:
        status >= 500 ? 'Server error' : status === 429 ? 'Too many requests' : 'Invalid request',
    })
  })

  app.get<{ Params: { token: string }; Querystring: { offset: number; limit: number } }>(
    '/:token',
    {
      schema: { querystring: query },
      config: { rateLimit: rateLimitOf(rateLimit) },
    },
    async (request, reply) => {
      const { offset, limit } = request.query
      const shared = await readShared(app.db, request.params.token, offset, limit)
      if (!shared) return refuse(reply, 404, { error: 'Not found' })
      const body = JSON.stringify(shared)
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
      // Every use asks again, so that a link revoked is never answered from a cache.
      reply.header('cache-control', 'no-cache').header('etag', etag)
      if (!shared.list.indexable) reply.header('x-robots-tag', 'noindex')
      if (request.headers['if-none-match'] === etag) return reply.code(304).send()
      return reply.type('application/json; charset=utf-8').send(body)
    },
  )
  done()
}

export default sharedRoutes
