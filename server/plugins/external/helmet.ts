import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'
import { SUBRESOURCE_POLICY } from '@/shared/content-security-policy'
import type { ServerState } from '../../lifecycle/state'

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

declare module 'fastify' {
  interface FastifyInstance {
    /** Sets every answer's headers on one no onSend hook sees (app.ts's frameworkErrors). */
    withDefaultHeaders: (request: FastifyRequest, reply: FastifyReply) => FastifyReply
  }
}

export interface SecurityHeadersOptions {
  /** Strict-Transport-Security on answers to HTTPS requests (request.protocol). */
  hsts: boolean
  /** Read on every response: once the server stops accepting, answers close their connection. */
  state: ServerState
}

/**
 * The headers helmet's middleware sets with `options`. They depend on nothing in the request,
 * so they are read once, off a response never sent: @fastify/helmet would build the middleware
 * again, and run it, on every request (about a third of a cached TMDB answer's cost).
 */
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

/**
 * The security headers of every response: helmet's (HSTS on HTTPS only), the Permissions-Policy,
 * and the Content-Security-Policy of whatever is not the page. Each is a default: a route that
 * sets one itself (the page's policy, the demo posters' Cross-Origin-Resource-Policy) keeps its
 * own. App-wide, and the app's one onSend hook.
 */
export default fp<SecurityHeadersOptions>(
  (app, { hsts, state }, done) => {
    const { 'strict-transport-security': hstsHeader, ...headers } = helmetHeaders({
      // Made once, below: one policy for whatever is not the page.
      contentSecurityPolicy: false,
      // require-corp would block the posters, which TMDB's image host serves without CORP.
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      // Left out: headers for browsers that no longer ship (X-Frame-Options, which
      // frame-ancestors replaces; X-XSS-Protection; X-Download-Options;
      // X-Permitted-Cross-Domain-Policies) or that restate a default (X-DNS-Prefetch-Control,
      // Origin-Agent-Cluster). Every response carries the headers, and over HTTP/1.1 each
      // script pays their bytes on a phone's link.
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
      // Never over plain HTTP (RFC 6797, 7.2). With TRUST_PROXY, X-Forwarded-Proto tells.
      if (hstsHeader && request.protocol === 'https') {
        reply.header('strict-transport-security', hstsHeader)
      }
      // Once stopping, a request in flight on a keep-alive connection closes it with its
      // answer; left open and idle, it would hold the process for the whole grace period
      // (shutdown.ts). Here rather than in a hook of its own, which would cost every response
      // a hook call.
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
