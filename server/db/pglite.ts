import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { DurableNodeFS, durableStartParams } from './durable-fs'

export const pgDataDir = (dataDir: string) => join(dataDir, 'pgdata')

/** Each commit synced before its query resolves; the caller holds the data folder's lock. */
export function startPglite(pgdata: string): Promise<PGlite> {
  return PGlite.create({
    fs: new DurableNodeFS(pgdata),
    startParams: durableStartParams(),
    // The default, said aloud.
    relaxedDurability: false,
  })
}
