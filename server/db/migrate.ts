import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { Pool } from 'pg'

/**
 * The SQL migrations drizzle-kit writes from schema.ts. The build copies them next to the
 * server's bundle (server/vite.config.ts), where this module's code then lives: the same
 * relative path in both.
 */
export const MIGRATIONS_FOLDER = join(dirname(fileURLToPath(import.meta.url)), 'migrations')

/**
 * Drizzle's migrator takes no lock: several instances starting together would each find a
 * migration missing and run it. Each takes this session-level advisory lock first, so they run
 * one after the other, and the later ones find nothing left to do. The lock ends with its
 * connection, which is closed afterwards, or by PostgreSQL when its process dies.
 */
export const MIGRATION_LOCK_KEY = 7_241_987_001_220_415n

/** PGlite is one connection in one process (the data folder's lock sees to that). */
export async function migrateEmbedded(db: PgliteDatabase<Record<string, unknown>>) {
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER })
}

export async function migratePostgres(pool: Pool) {
  const client = await pool.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()])
    await migrateNodePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER })
  } finally {
    // Closed rather than returned to the pool: that releases the lock, whatever happened.
    client.release(true)
  }
}
