import type { FastifyReply, FastifyRequest } from 'fastify'

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** A write must be JSON from this origin: neither a cross-site form nor fetch can send one. */
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
  // Neither header: a script, not a browser, carrying only the cookies its author gave it.
  const foreignOrigin = origin !== undefined && origin !== `${request.protocol}://${request.host}`
  const foreignSite = site !== undefined && site !== 'same-origin' && site !== 'none'
  if (foreignOrigin || foreignSite) {
    return reply
      .code(403)
      .header('cache-control', 'no-store')
      .send({ error: 'Cross-site request refused' })
  }
}
