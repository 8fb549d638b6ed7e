import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { ConfigError } from '../config'
import { loggableError } from '../logging/loggable-error'
import type { DatabaseLog, OpenDatabase } from './database'
import { migratePostgres } from './migrate'
import * as schema from './schema'

const CONNECTION_FAILURES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'ECONNRESET',
  'EHOSTUNREACH',
  '28000', // invalid_authorization_specification
  '28P01', // invalid_password
  '3D000', // invalid_catalog_name: no such database
])

export async function openPostgres(url: string, log: DatabaseLog): Promise<OpenDatabase> {
  const pool = new pg.Pool({
    connectionString: url,
    application_name: 'cinelist',
    connectionTimeoutMillis: 10_000,
  })
  // The pool listens only on idle connections, and an unheard 'error' would end the process.
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      log.error({ err: loggableError(error) }, 'a PostgreSQL connection failed')
    })
  })
  pool.on('error', () => undefined)
  try {
    await migratePostgres(pool)
  } catch (error) {
    await pool.end().catch(() => undefined)
    const code = (error as { code?: unknown }).code
    if (typeof code === 'string' && CONNECTION_FAILURES.has(code)) {
      // Its message names the host, the user or the database, never the password.
      throw new ConfigError(`DATABASE_URL: cannot connect (${(error as Error).message})`)
    }
    throw error
  }
  return {
    db: drizzle({ client: pool, schema }),
    kind: 'postgres',
    close: () => pool.end(),
  }
}
