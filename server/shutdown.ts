import type { FastifyInstance } from 'fastify'
import type { ServerState } from './app'

/** In-flight requests get this long to finish (an upstream call takes at most 8 s). */
export const SHUTDOWN_GRACE_MS = 9000

/** Logged when the grace period ends with requests still running. */
export const FORCED_CLOSE_MESSAGE =
  'in-flight requests did not finish in time; closing their connections'

/**
 * Stops on SIGTERM or SIGINT: /readyz answers 503 at once, so a load balancer stops sending
 * traffic; the server stops accepting connections, closes idle keep-alive sockets (which would
 * otherwise hold the process for a minute), lets in-flight requests finish, each closing its
 * connection as it is answered (the onSend hook, plugins/external/helmet.ts), and exits 0 once
 * the last is closed. Ones still running after the grace period have their connections closed.
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
