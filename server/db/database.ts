import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type * as schema from './schema'

/** Drizzle over either driver: PGlite (embedded) or node-postgres (DATABASE_URL). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

export interface OpenDatabase {
  db: Database
  kind: 'embedded' | 'postgres'
  /**
   * Ends every connection; for the embedded database, also frees the data folder (within a few
   * seconds: a worker that has not shut down by then is stopped, recovered at the next start).
   */
  close(): Promise<void>
}

/** What the database modules say as they open and serve (Fastify's logger fits). */
export interface DatabaseLog {
  info(details: object, message: string): void
  error(details: object, message: string): void
}
