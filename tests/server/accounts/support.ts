import { sql } from 'drizzle-orm'
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type LightMyRequestResponse,
} from 'fastify'
import { expect } from 'vitest'
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from '../../../server/accounts/login-throttle'
import type { RequestLimits } from '../../../server/accounts/request-limits'
import type { DatabaseConfig } from '../../../server/config'
import accountsPlugin from '../../../server/plugins/app/accounts'
import databasePlugin from '../../../server/plugins/app/database'
import listEventsPlugin from '../../../server/plugins/app/list-events'
import rateLimitPlugin from '../../../server/plugins/external/rate-limit'
import accountRoutes from '../../../server/routes/api/account'
import sharedRoutes, { SHARED_API_BASE } from '../../../server/routes/api/shared'
import type { Database } from '../../../server/db/database'
import { openDatabase } from '../../../server/db/open'
import {
  createPostgresDatabase,
  freshEmbeddedDataDir,
  quietLog,
  tempDir,
  TARGETS,
  type Target,
} from '../db/support'

export { TARGETS }

/** The headers of the page's own JSON request to the account API, served at localhost:80. */
export const SAME_ORIGIN_JSON = {
  'content-type': 'application/json',
  origin: 'http://localhost:80',
  host: 'localhost:80',
}

/** The cookie header a browser would send back after this answer. */
export const cookieOf = (response: LightMyRequestResponse) =>
  response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')

/**
 * A request refused for coming too often: 429 with a Retry-After of at most `seconds`, and
 * less than 100 less, and a body that gives the reason and the same wait.
 */
export function expectTooMany(response: LightMyRequestResponse, seconds: number, error: string) {
  expect(response.statusCode).toBe(429)
  const retryAfter = Number(response.headers['retry-after'])
  expect(retryAfter).toBeGreaterThan(seconds - 100)
  expect(retryAfter).toBeLessThanOrEqual(seconds)
  expect(response.json()).toEqual({ error, retryAfter })
}

/** A fresh, migrated database of the target's kind, and how to close and remove it. */
export async function openTarget(
  target: Target,
): Promise<{ db: Database; close: () => Promise<void> }> {
  if (target.kind === 'postgres') {
    const created = await createPostgresDatabase()
    const opened = await openDatabase({ kind: 'postgres', url: created.url }, quietLog)
    return {
      db: opened.db,
      close: async () => {
        await opened.close()
        await created.drop()
      },
    }
  }
  const dir = tempDir()
  const opened = await openDatabase(
    { kind: 'embedded', dataDir: freshEmbeddedDataDir(dir.path) },
    quietLog,
  )
  return {
    db: opened.db,
    close: async () => {
      await opened.close()
      dir.remove()
    },
  }
}

/** Both drivers answer a raw query with its rows in `rows`. */
export async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(query)
  return (result as { rows: T[] }).rows
}

/** A database config of the target's kind, fresh, and how to remove it. */
export async function targetConfig(
  target: Target,
): Promise<{ database: DatabaseConfig; remove: () => Promise<void> }> {
  if (target.kind === 'postgres') {
    const created = await createPostgresDatabase()
    return { database: { kind: 'postgres', url: created.url }, remove: created.drop }
  }
  const dir = tempDir()
  return {
    database: { kind: 'embedded', dataDir: freshEmbeddedDataDir(dir.path) },
    remove: () => {
      dir.remove()
      return Promise.resolve()
    },
  }
}

/** Every log line the app wrote, as JSON text. */
export function logCollector() {
  const lines: string[] = []
  return {
    lines,
    logger: {
      level: 'info',
      stream: { write: (line: string) => void lines.push(line) },
    },
  }
}

/**
 * The accounts concern alone: the database, the service, the list events and the routes (the
 * account API and the shared lists), as the server mounts them.
 */
export async function accountsApp(
  database: DatabaseConfig,
  {
    loginLimits = DEFAULT_LOGIN_LIMITS,
    requestLimits = { signupsPerHour: 1000, syncsPerMinute: 1000 },
    logger,
    trustProxy = false,
    rateLimit = { max: 1000, windowMs: 60_000 },
    heartbeatMs,
  }: {
    loginLimits?: LoginLimits
    requestLimits?: RequestLimits
    logger?: FastifyServerOptions['logger']
    trustProxy?: boolean
    rateLimit?: { max: number; windowMs: number }
    heartbeatMs?: number
  } = {},
): Promise<FastifyInstance> {
  // Opening the database may take longer than Fastify's default 10 s on a busy machine: as long
  // as the server's app allows it (server/app.ts).
  const app = Fastify({ logger: logger ?? false, trustProxy, pluginTimeout: 120_000 })
  await app.register(rateLimitPlugin)
  await app.register(databasePlugin, { database })
  await app.register(accountsPlugin, { secret: undefined, loginLimits, requestLimits })
  await app.register(listEventsPlugin, { database, heartbeatMs })
  await app.register(accountRoutes, { prefix: '/api/account' })
  await app.register(sharedRoutes, { prefix: SHARED_API_BASE, rateLimit })
  await app.ready()
  return app
}
