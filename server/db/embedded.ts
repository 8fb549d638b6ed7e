import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import type { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { ConfigError } from '../config'
import { serveBackup } from './backup'
import { lockDataDir } from './data-dir-lock'
import type { DatabaseLog, OpenDatabase } from './database'
import { migrateEmbedded } from './migrate'
import {
  PgliteWorkerClient,
  errnoMessage,
  isDiskFull,
  type PgliteClientOptions,
} from './pglite-client'
import { pgDataDir } from './pglite'
import * as schema from './schema'

// For its owner only: the database holds password hashes.
function createDataDir(dataDir: string) {
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  } catch (error) {
    throw new ConfigError(`DATA_DIR ${dataDir} cannot be created: ${(error as Error).message}`)
  }
}

const isEmpty = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0

function startError(dataDir: string, error: unknown, creating: boolean): unknown {
  const action = creating ? 'create' : 'start'
  if (isDiskFull(error)) {
    return new ConfigError(
      `DATA_DIR ${dataDir}: not enough space to ${action} the database (disk full)`,
    )
  }
  const errno = errnoMessage(error)
  if (errno) return new ConfigError(`DATA_DIR ${dataDir}: cannot ${action} the database (${errno})`)
  return error
}

/** The data folder locked, PGlite started in its worker thread, the migrations run. */
export async function openEmbedded(
  dataDir: string,
  log: DatabaseLog,
  options: Omit<PgliteClientOptions, 'log'> = {},
): Promise<OpenDatabase> {
  createDataDir(dataDir)
  let client: PgliteWorkerClient | undefined
  const lock = await lockDataDir(dataDir, (socket) => {
    const open = client
    serveBackup(socket, open ? () => open.dump() : undefined, log)
  })
  const pgdata = pgDataDir(dataDir)
  const creating = isEmpty(pgdata)
  try {
    client = await PgliteWorkerClient.start(pgdata, { ...options, log })
    // drizzle's PGlite session calls only query() and transaction().
    const db = drizzle({ client: client as unknown as PGlite, schema })
    await migrateEmbedded(db)
    const opened = client
    return {
      db,
      kind: 'embedded',
      close: async () => {
        await opened.close()
        await lock.release()
      },
    }
  } catch (error) {
    await client?.close().catch(() => undefined)
    // A database half created (the disk filled up) would be taken for one next time.
    if (creating) rmSync(pgdata, { recursive: true, force: true })
    await lock.release()
    throw startError(dataDir, error, creating)
  }
}
