import helmet from '@fastify/helmet'
import fp from 'fastify-plugin'
import { SUBRESOURCE_POLICY } from '../../../build/content-security-policy'
import type { ServerState } from '../../state'

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

export interface SecurityHeadersOptions {
  /** Strict-Transport-Security on every response. */
  hsts: boolean
  /** Read on every response: once the server stops accepting, answers close their connection. */
  state: ServerState
}

/**
 * The security headers of every response: helmet's, the Permissions-Policy, and the
 * Content-Security-Policy of whatever is not the page. App-wide, and the app's one onSend hook.
 */
export default fp<SecurityHeadersOptions>(
  async (app, { hsts, state }) => {
    await app.register(helmet, {
      // Set below from the two policies, made once: helmet would build the header from its
      // directives again on every response.
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
    app.addHook('onSend', (_request, reply, payload, done) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY)
      // The page sets its own (the page service, plugins/app/page.ts).
      if (!reply.hasHeader('content-security-policy')) {
        reply.header('content-security-policy', SUBRESOURCE_POLICY)
      }
      // Once stopping, a request in flight on a keep-alive connection closes it with its
      // answer; left open and idle, it would hold the process for the whole grace period
      // (shutdown.ts). Here rather than in a hook of its own, which would cost every response
      // a hook call.
      if (!state.accepting) reply.header('connection', 'close')
      done(null, payload)
    })
  },
  { name: 'security-headers', fastify: '5.x' },
)
