import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { DurableNodeFS, durableStartParams } from './durable-fs'

/** PostgreSQL's own data directory, inside DATA_DIR beside the lock. */
export const pgDataDir = (dataDir: string) => join(dataDir, 'pgdata')

/**
 * PGlite over a PostgreSQL data directory (initialised on first start), each commit synced to
 * the disk before its query resolves. The caller holds the data folder's lock. The server runs
 * it in a worker thread (pglite-worker.ts); `npm run db:backup` of a stopped server, here.
 */
export function startPglite(pgdata: string): Promise<PGlite> {
  return PGlite.create({
    fs: new DurableNodeFS(pgdata),
    startParams: durableStartParams(),
    // The default, said aloud: a query resolves only once its writes are synced (NodeFS
    // writes through as it goes; DurableNodeFS adds the fsync).
    relaxedDurability: false,
  })
}
