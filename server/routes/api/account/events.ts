import { eq } from 'drizzle-orm'
import type { FastifyPluginCallback } from 'fastify'
import { listSync } from '../../../db/schema'
import { authHeaders, isSecure, notSignedIn } from './requests'

/** GET /events (docs/api.md): the signed-in account's syncs, as Server-Sent Events. */
const eventRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { auth } = app.accounts
  app.get('/events', async (request, reply) => {
    const user = await auth.signedInUser(authHeaders(request), isSecure(request))
    if (!user) return notSignedIn(reply)
    const [counter] = await app.db
      .select({ seq: listSync.seq })
      .from(listSync)
      .where(eq(listSync.userId, user.id))
    // Taken past Fastify's onSend hooks: the headers they would add are set here.
    if (app.hasDecorator('withDefaultHeaders')) app.withDefaultHeaders(request, reply)
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) headers[name] = String(value)
    }
    reply.hijack()
    app.listEvents.open(
      user.id,
      reply.raw,
      {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // Ended by the server (shutdown, an 11th stream), its socket goes too and holds no close.
        connection: 'close',
        // Proxies such as nginx would otherwise hold the events back.
        'x-accel-buffering': 'no',
      },
      counter?.seq ?? 0,
    )
  })
  done()
}

export default eventRoutes
