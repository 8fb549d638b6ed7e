import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { ConfigError } from '../config'
import { DurableNodeFS, durableStartParams } from './durable-fs'

/** PostgreSQL's own data directory, inside DATA_DIR beside the lock. */
export const pgDataDir = (dataDir: string) => join(dataDir, 'pgdata')

/** DATA_DIR, created on first start: its database holds password hashes, for its owner only. */
export function createDataDir(dataDir: string) {
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  } catch (error) {
    throw new ConfigError(`DATA_DIR ${dataDir} cannot be created: ${(error as Error).message}`)
  }
}

/**
 * PGlite over DATA_DIR/pgdata (initialised on first start), each commit synced to the disk
 * before its query resolves. The caller holds the data folder's lock.
 */
export function startPglite(dataDir: string): Promise<PGlite> {
  return PGlite.create({
    fs: new DurableNodeFS(pgDataDir(dataDir)),
    startParams: durableStartParams(),
    // The default, said aloud: a query resolves only once its writes are synced (NodeFS
    // writes through as it goes; DurableNodeFS adds the fsync).
    relaxedDurability: false,
  })
}
