import type { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { serveBackup } from './backup'
import { lockDataDir } from './data-dir-lock'
import type { DatabaseLog, OpenDatabase } from './database'
import { migrateEmbedded } from './migrate'
import { createDataDir, startPglite } from './pglite'
import * as schema from './schema'

/**
 * The embedded database: the data folder locked for this process, PGlite started, the
 * migrations run. PGlite is one connection on the main thread: queries wait their turn.
 */
export async function openEmbedded(dataDir: string, log: DatabaseLog): Promise<OpenDatabase> {
  createDataDir(dataDir)
  let pglite: PGlite | undefined
  const lock = await lockDataDir(dataDir, (socket) => {
    serveBackup(socket, pglite, log)
  })
  try {
    pglite = await startPglite(dataDir)
    const db = drizzle({ client: pglite, schema })
    await migrateEmbedded(db)
    const opened = pglite
    return {
      db,
      kind: 'embedded',
      close: async () => {
        // Its last checkpoint written, then the folder is free for the next process.
        await opened.close()
        await lock.release()
      },
    }
  } catch (error) {
    await pglite?.close().catch(() => undefined)
    await lock.release()
    throw error
  }
}
