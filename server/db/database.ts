import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type * as schema from './schema'

/** Drizzle over PGlite (embedded) or node-postgres (DATABASE_URL). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

export interface OpenDatabase {
  db: Database
  kind: 'embedded' | 'postgres'
  close(): Promise<void>
}

export interface DatabaseLog {
  info(details: object, message: string): void
  error(details: object, message: string): void
}
