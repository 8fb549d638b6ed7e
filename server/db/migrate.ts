import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { Pool } from 'pg'

// The build puts migrations/ beside the chunk this code is in: the same relative path in both.
export const MIGRATIONS_FOLDER = join(dirname(fileURLToPath(import.meta.url)), 'migrations')

// Drizzle's migrator takes no lock: instances starting together would each run a migration.
export const MIGRATION_LOCK_KEY = 7_241_987_001_220_415n

/** PGlite needs no lock: it is one connection in one process. */
export async function migrateEmbedded(db: PgliteDatabase<Record<string, unknown>>) {
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER })
}

export async function migratePostgres(pool: Pool) {
  const client = await pool.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()])
    await migrateNodePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER })
  } finally {
    // Closed, not returned to the pool: that releases the session-level lock, whatever happened.
    client.release(true)
  }
}
