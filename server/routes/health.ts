import type { FastifyPluginCallback } from 'fastify'
import type { ServerState } from '../state'

export interface HealthOptions {
  state: ServerState
}

/** Liveness, and readiness, which turns 503 once the server is shutting down (shutdown.ts). */
const health: FastifyPluginCallback<HealthOptions> = (app, { state }, done) => {
  app.get('/healthz', (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  )
  app.get('/readyz', (_request, reply) =>
    reply
      .code(state.accepting ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: state.accepting ? 'ready' : 'shutting down' }),
  )
  done()
}

export default health
