import fp from 'fastify-plugin'
import type { DatabaseConfig } from '../../config'
import type { Database } from '../../db/database'
import { openDatabase } from '../../db/open'

declare module 'fastify' {
  interface FastifyInstance {
    db: Database
  }
}

export interface DatabasePluginOptions {
  database: DatabaseConfig
}

/** The migrated database, closed after the requests in flight when the server closes. */
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
