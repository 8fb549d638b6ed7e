import fp from 'fastify-plugin'
import type { DatabaseConfig } from '../../config'
import type { Database } from '../../db/database'
import { openDatabase } from '../../db/open'

declare module 'fastify' {
  interface FastifyInstance {
    /** Drizzle over the embedded database or PostgreSQL, migrated (server/db/schema.ts). */
    db: Database
  }
}

export interface DatabasePluginOptions {
  database: DatabaseConfig
}

/**
 * Opens the database when the server starts (its migrations run first) and closes it, last,
 * when the server closes: after requests in flight have finished, the embedded database writes
 * its checkpoint and frees its data folder; PostgreSQL's connections end.
 */
export default fp<DatabasePluginOptions>(
  async (app, { database }) => {
    const opened = await openDatabase(database, app.log)
    app.decorate('db', opened.db)
    app.addHook('onClose', async () => {
      await opened.close()
      app.log.info('database closed')
    })
  },
  { name: 'database', fastify: '5.x' },
)
