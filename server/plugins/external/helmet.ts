import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'
import { SUBRESOURCE_POLICY } from '@/shared/content-security-policy'
import type { ServerState } from '../../lifecycle/state'

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

declare module 'fastify' {
  interface FastifyInstance {
    /** For a reply no onSend hook sees (app.ts's frameworkErrors). */
    withDefaultHeaders: (request: FastifyRequest, reply: FastifyReply) => FastifyReply
  }
}

export interface SecurityHeadersOptions {
  hsts: boolean
  state: ServerState
}

/** helmet's headers, read once off a response never sent: they depend on nothing in a request. */
function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const request = new IncomingMessage(new Socket())
  const response = new ServerResponse(request)
  helmet(options)(request, response, (error) => {
    if (error) throw error
  })
  return Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
  )
}

/** Every response's security headers, each a default a route may override (docs/operations.md). */
export default fp<SecurityHeadersOptions>(
  (app, { hsts, state }, done) => {
    const { 'strict-transport-security': hstsHeader, ...headers } = helmetHeaders({
      contentSecurityPolicy: false,
      // require-corp would block the posters, which TMDB's image host serves without CORP.
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      // Left out: for browsers that no longer ship, or restating a default (docs/operations.md).
      xFrameOptions: false,
      xXssProtection: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xDnsPrefetchControl: false,
      originAgentCluster: false,
    })
    const defaults = Object.entries({
      ...headers,
      'permissions-policy': PERMISSIONS_POLICY,
      'content-security-policy': SUBRESOURCE_POLICY,
    })
    const withDefaultHeaders = (request: FastifyRequest, reply: FastifyReply) => {
      for (const [name, value] of defaults) {
        if (!reply.hasHeader(name)) reply.header(name, value)
      }
      // Never over plain HTTP (RFC 6797, 7.2).
      if (hstsHeader && request.protocol === 'https') {
        reply.header('strict-transport-security', hstsHeader)
      }
      // An idle keep-alive connection would hold a stopping process for the whole grace period;
      // set here, as a hook of its own would cost every response a call.
      if (!state.accepting) reply.header('connection', 'close')
      return reply
    }
    app.decorate('withDefaultHeaders', withDefaultHeaders)
    app.addHook('onSend', (request, reply, payload, next) => {
      withDefaultHeaders(request, reply)
      next(null, payload)
    })
    done()
  },
  { name: 'security-headers', fastify: '5.x' },
)
