import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { serviceWorkerPolicy } from '@/shared/content-security-policy'
import { ACCOUNT_API_BASE, API_BASE, DEMO_IMAGE_BASE } from '@/shared/urls'
import type { ServerConfig } from './config'
import { imageOriginOf } from './plugins/app/page/index-html'
import accounts from './plugins/app/accounts'
import database from './plugins/app/database'
import errorHandler from './plugins/app/error-handler'
import page, { type PageServiceOptions } from './plugins/app/page'
import tmdb from './plugins/app/tmdb'
import securityHeaders from './plugins/external/helmet'
import rateLimit from './plugins/external/rate-limit'
import staticFiles from './plugins/external/static'
import { RequestLog } from './logging/request-log'
import accountRoutes from './routes/api/account'
import tmdbRoutes from './routes/api/tmdb'
import demoImages from './routes/demo-images'
import health from './routes/health'
import pageRoutes from './routes/page'
import type { ServerState } from './lifecycle/state'
import type { Upstream } from './tmdb/upstream'

export { API_BASE, DEMO_IMAGE_BASE } from '@/shared/urls'
export type { ServerState } from './lifecycle/state'

export interface ServerOptions {
  /** Instead of TMDB or the demo catalog (tests). */
  upstream?: Upstream
  /** Fastify's logger option; the JSON logger of `config.logLevel` when not given. */
  logger?: FastifyServerOptions['logger']
  /** The proxy's upstream timeout, in ms (tests). */
  upstreamTimeoutMs?: number
  now?: () => number
}

/** Where the page comes from: the build (`npm start`), or Vite (`npm run dev`). */
export type PageSource = Pick<PageServiceOptions, 'indexHtml' | 'loadRenderer' | 'dev'>

const builtPage = (distDir: string): PageSource => {
  const html = readFile(join(distDir, 'index.html'), 'utf8')
  return { indexHtml: () => html, loadRenderer: () => import('@/ssr/entry-server') }
}

/**
 * Everything but the page: the headers, the TMDB proxy (or the demo catalog), health checks and
 * accounts. The production server adds the built page to it; `npm run dev` puts Vite's page in
 * front of it (server/dev/).
 */
export async function buildApi(
  config: ServerConfig,
  options: ServerOptions = {},
): Promise<{ app: FastifyInstance; state: ServerState }> {
  const state: ServerState = { accepting: true }
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    logController: new RequestLog(),
    trustProxy: config.trustProxy,
    // Node's close() ends idle keep-alive sockets itself, once shutdown.ts has read what was sent.
    forceCloseConnections: false,
    // The embedded database's first start runs initdb, which takes longer than Fastify's 10 s on a busy machine.
    pluginTimeout: 120_000,
    // A URL the router cannot decode skips the hooks and the error handler: answered here, as
    // they would, and never with the URL in it.
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode ?? 500
      // Fastify makes this request without trustProxy: HSTS only if the socket itself is TLS.
      void request.server
        .withDefaultHeaders(request, reply)
        .code(status)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(status < 500 ? 'Bad request' : 'Server error')
    },
  })

  // App-wide, before any route: each route takes the hooks and error handler there are when
  // it is added.
  await app.register(errorHandler)
  await app.register(securityHeaders, { hsts: config.hsts, state })
  await app.register(rateLimit)

  // The services the routes share, as decorators: app.tmdb, and app.db with app.accounts.
  await app.register(tmdb, {
    config,
    upstream: options.upstream,
    upstreamTimeoutMs: options.upstreamTimeoutMs,
    now: options.now,
  })
  // ACCOUNTS=local opens no database at all.
  if (config.accounts === 'server') {
    await app.register(database, { database: config.database })
    await app.register(accounts, {
      secret: config.authSecret,
      loginLimits: config.loginLimits,
      requestLimits: config.requestLimits,
    })
  }

  // The routes, each group in its own context.
  await app.register(health, { state, db: app.hasDecorator('db') ? app.db : undefined })
  await app.register(tmdbRoutes, { prefix: API_BASE, rateLimit: config.rateLimit })
  if (app.tmdb.demo) {
    await app.register(demoImages, { prefix: DEMO_IMAGE_BASE, demo: app.tmdb.demo })
  }
  // Their unknown paths get a JSON 404 from routes/page.ts.
  if (config.accounts === 'server') await app.register(accountRoutes, { prefix: ACCOUNT_API_BASE })
  return { app, state }
}

/**
 * The production server: the API above and the app, rendered for each URL and hydrated by the
 * browser, with the built files, served with its security headers. Under `npm run dev` Vite
 * serves the files and gives the page. Listening is left to the caller.
 */
export async function buildServer(
  config: ServerConfig,
  {
    page: pageSource = builtPage(config.distDir),
    ...options
  }: ServerOptions & { page?: PageSource } = {},
): Promise<{ app: FastifyInstance; state: ServerState }> {
  const { app, state } = await buildApi(config, options)
  await app.register(page, {
    ...pageSource,
    demo: config.demo,
    accounts: config.accounts,
    rateLimit: config.rateLimit,
  })
  if (!pageSource.dev) {
    await app.register(staticFiles, {
      distDir: config.distDir,
      serviceWorkerPolicy: serviceWorkerPolicy({ imageOrigin: imageOriginOf(app.tmdb.imageUrl) }),
    })
  }
  // Last, and app-wide: the page, and what answers a URL nothing above does.
  await app.register(pageRoutes)
  return { app, state }
}
