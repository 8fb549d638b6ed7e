import fp from 'fastify-plugin'
import type { DatabaseConfig } from '../../config'
import { createListEvents, type ListEvents } from '../../lists/events'

declare module 'fastify' {
  interface FastifyInstance {
    listEvents: ListEvents
  }
}

export interface ListEventsPluginOptions {
  database: DatabaseConfig
  heartbeatMs?: number
}

/** GET /api/account/events's streams, told of every sync that wrote, on any instance. */
export default fp<ListEventsPluginOptions>(
  async (app, { database, heartbeatMs }) => {
    const events = await createListEvents(
      app.db,
      database.kind === 'postgres' ? { kind: 'postgres', url: database.url } : { kind: 'embedded' },
      app.log,
      { heartbeatMs },
    )
    app.decorate('listEvents', events)
    // Before the server stops listening: an open stream would hold its close until the grace ends.
    app.addHook('preClose', async () => {
      await events.close()
    })
  },
  { name: 'list-events', dependencies: ['database'], fastify: '5.x' },
)
