import type { FastifyInstance } from 'fastify'
import type { ServerState } from './app'

/** In-flight requests get this long to finish (an upstream call takes at most 8 s). */
export const SHUTDOWN_GRACE_MS = 9000

/** Logged when the grace period ends with requests still running. */
export const FORCED_CLOSE_MESSAGE =
  'in-flight requests did not finish in time; closing their connections'

/**
 * Once stopping, every response says `Connection: close`, and Node closes its socket once it is
 * sent. A request in flight on a keep-alive connection would otherwise leave that connection
 * open and idle after its answer, and the server, waiting for every connection to close, would
 * sit out the whole grace period: past the 10 s a container runtime gives before SIGKILL.
 * (Idle connections are closed when stopping starts; a response's end is the only moment a
 * busy one becomes closable.) Registered with the server's other hooks, before it listens.
 */
export function closeConnectionsOnceStopping(app: FastifyInstance, state: ServerState): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!state.accepting) reply.header('connection', 'close')
    done(null, payload)
  })
}

/**
 * Stops on SIGTERM or SIGINT: /readyz answers 503 at once, so a load balancer stops sending
 * traffic; the server stops accepting connections, closes idle keep-alive sockets (which would
 * otherwise hold the process for a minute), lets in-flight requests finish, each closing its
 * connection as it is answered (closeConnectionsOnceStopping), and exits 0 once the last is
 * closed. Ones still running after the grace period have their connections closed.
 */
export function stopGracefully(
  app: FastifyInstance,
  state: ServerState,
  {
    graceMs = SHUTDOWN_GRACE_MS,
    exit = (code: number): void => process.exit(code),
  }: { graceMs?: number; exit?: (code: number) => void } = {},
): (signal: string) => Promise<void> {
  let stopping: Promise<void> | undefined
  return (signal) => {
    stopping ??= (async () => {
      state.accepting = false
      app.log.info({ signal }, 'shutting down')
      const force = setTimeout(() => {
        app.log.warn(FORCED_CLOSE_MESSAGE)
        app.server.closeAllConnections()
      }, graceMs)
      force.unref()
      try {
        await app.close()
        exit(0)
      } catch (error) {
        app.log.error({ err: error }, 'shutdown failed')
        exit(1)
      } finally {
        clearTimeout(force)
      }
    })()
    return stopping
  }
}
