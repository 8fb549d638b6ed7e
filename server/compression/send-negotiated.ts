import { Negotiator } from '@fastify/accept-negotiator'
import type { FastifyReply } from 'fastify'
import type { Encoded } from './encode'

const encodings = new Negotiator({ supportedValues: ['br', 'gzip', 'identity'] })

/** Sends `body`, or its br/gzip copy when the client accepts one. */
export function sendNegotiated(
  reply: FastifyReply,
  acceptEncoding: string | undefined,
  body: Buffer,
  encoded: Encoded | undefined,
) {
  reply.header('vary', 'Accept-Encoding')
  const encoding = encoded && acceptEncoding ? encodings.negotiate(acceptEncoding) : null
  if (encoded && (encoding === 'br' || encoding === 'gzip')) {
    return reply.header('content-encoding', encoding).send(encoded[encoding])
  }
  return reply.send(body)
}
