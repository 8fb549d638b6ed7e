import { sql } from 'drizzle-orm'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from '../../../server/accounts/login-throttle'
import type { RequestLimits } from '../../../server/accounts/request-limits'
import type { DatabaseConfig } from '../../../server/config'
import accountsPlugin from '../../../server/plugins/app/accounts'
import databasePlugin from '../../../server/plugins/app/database'
import accountRoutes from '../../../server/routes/api/account'
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

/** The accounts concern alone: the database, the service and the routes, as the server mounts them. */
export async function accountsApp(
  database: DatabaseConfig,
  {
    loginLimits = DEFAULT_LOGIN_LIMITS,
    requestLimits = { signupsPerHour: 1000, syncsPerMinute: 1000 },
    logger,
    trustProxy = false,
  }: {
    loginLimits?: LoginLimits
    requestLimits?: RequestLimits
    logger?: FastifyServerOptions['logger']
    trustProxy?: boolean
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({ logger: logger ?? false, trustProxy })
  await app.register(databasePlugin, { database })
  await app.register(accountsPlugin, { secret: undefined, loginLimits, requestLimits })
  await app.register(accountRoutes, { prefix: '/api/account' })
  await app.ready()
  return app
}
