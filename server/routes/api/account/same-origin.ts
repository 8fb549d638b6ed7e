import type { FastifyReply, FastifyRequest } from 'fastify'

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * A write must be JSON sent from this origin. A cross-site form can send neither JSON nor a
 * matching Origin, and a cross-site fetch with JSON needs a CORS preflight this server never
 * grants. A request with no Origin and no Sec-Fetch-Site is a script, not a browser: allowed,
 * as it carries only the cookies its author gave it.
 */
export async function refuseCrossSite(request: FastifyRequest, reply: FastifyReply) {
  if (READS.has(request.method)) return
  const type = request.headers['content-type'] ?? ''
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    return reply
      .code(415)
      .header('cache-control', 'no-store')
      .send({ error: 'Send JSON (Content-Type: application/json)' })
  }
  const origin = request.headers.origin
  const site = request.headers['sec-fetch-site']
  const foreignOrigin = origin !== undefined && origin !== `${request.protocol}://${request.host}`
  const foreignSite = site !== undefined && site !== 'same-origin' && site !== 'none'
  if (foreignOrigin || foreignSite) {
    return reply
      .code(403)
      .header('cache-control', 'no-store')
      .send({ error: 'Cross-site request refused' })
  }
}
