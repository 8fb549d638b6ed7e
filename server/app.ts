import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { serviceWorkerPolicy } from '@/shared/content-security-policy'
import { ACCOUNT_API_BASE, API_BASE, DEMO_IMAGE_BASE } from '@/shared/urls'
import type { ServerConfig } from './config'
import type { ServerState } from './lifecycle/state'
import { RequestLog } from './logging/request-log'
import accounts from './plugins/app/accounts'
import database from './plugins/app/database'
import errorHandler from './plugins/app/error-handler'
import listEvents from './plugins/app/list-events'
import page, { type PageServiceOptions } from './plugins/app/page'
import { imageOriginOf } from './plugins/app/page/index-html'
import tmdb from './plugins/app/tmdb'
import securityHeaders from './plugins/external/helmet'
import rateLimit from './plugins/external/rate-limit'
import staticFiles from './plugins/external/static'
import accountRoutes from './routes/api/account'
import sharedRoutes, { SHARED_API_BASE } from './routes/api/shared'
import tmdbRoutes from './routes/api/tmdb'
import demoImages from './routes/demo-images'
import health from './routes/health'
import pageRoutes from './routes/page'
import type { Upstream } from './tmdb/upstream'

export { API_BASE, DEMO_IMAGE_BASE } from '@/shared/urls'
export type { ServerState } from './lifecycle/state'

/** Test seams: a fake upstream, a logger, the proxy's timeout and clock. */
export interface ServerOptions {
  upstream?: Upstream
  logger?: FastifyServerOptions['logger']
  upstreamTimeoutMs?: number
  now?: () => number
}

export type PageSource = Pick<PageServiceOptions, 'indexHtml' | 'loadRenderer' | 'dev'>

const builtPage = (distDir: string): PageSource => {
  const html = readFile(join(distDir, 'index.html'), 'utf8')
  return { indexHtml: () => html, loadRenderer: () => import('@/ssr/entry-server') }
}

/** Everything but the page: headers, the TMDB proxy or demo catalog, health checks, accounts. */
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
    // The embedded database's first initdb outlasts Fastify's 10 s default on a busy machine.
    pluginTimeout: 120_000,
    // An undecodable URL skips the hooks and the error handler: they are applied here.
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode ?? 500
      void request.server
        .withDefaultHeaders(request, reply)
        .code(status)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(status < 500 ? 'Bad request' : 'Server error')
    },
  })

  // Before any route: a route takes the hooks and error handler there are when it is added.
  await app.register(errorHandler)
  await app.register(securityHeaders, { hsts: config.hsts, state })
  await app.register(rateLimit)

  await app.register(tmdb, {
    config,
    upstream: options.upstream,
    upstreamTimeoutMs: options.upstreamTimeoutMs,
    now: options.now,
  })
  if (config.accounts === 'server') {
    await app.register(database, { database: config.database })
    await app.register(accounts, {
      secret: config.authSecret,
      loginLimits: config.loginLimits,
      requestLimits: config.requestLimits,
    })
    await app.register(listEvents, { database: config.database })
  }

  await app.register(health, { state, db: app.hasDecorator('db') ? app.db : undefined })
  await app.register(tmdbRoutes, { prefix: API_BASE, rateLimit: config.rateLimit })
  if (app.tmdb.demo) {
    await app.register(demoImages, { prefix: DEMO_IMAGE_BASE, demo: app.tmdb.demo })
  }
  if (config.accounts === 'server') {
    await app.register(accountRoutes, { prefix: ACCOUNT_API_BASE })
    await app.register(sharedRoutes, { prefix: SHARED_API_BASE, rateLimit: config.rateLimit })
  }
  return { app, state }
}

/** The production server: the API, the server-rendered page and the built files; not listening. */
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
  // Last: its not-found handler is the app-wide one.
  await app.register(pageRoutes)
  return { app, state }
}
