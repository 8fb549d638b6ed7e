import { setImmediate, setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import { DEFAULT_SHUTDOWN_DELAY_MS } from '../config'
import { loggableError } from '../logging/loggable-error'
import type { ServerState } from './state'

/** From the signal, the not-ready delay included, requests get this long to finish. */
export const SHUTDOWN_GRACE_MS = 9000
/** After the grace period, this long for the database to close before the process exits anyway. */
export const SHUTDOWN_EXIT_MARGIN_MS = 1000

/** Logged when the grace period ends with requests still running. */
export const FORCED_CLOSE_MESSAGE =
  'in-flight requests did not finish in time; closing their connections'
/** Logged when closing (the database, most likely) still hangs after the grace period. */
export const FORCED_EXIT_MESSAGE = 'shutdown did not finish in time; exiting'

/**
 * Stops on SIGTERM or SIGINT: /readyz answers 503 at once, and for `delayMs` (SIGTERM only) the
 * server goes on accepting and answering, each answer closing its connection (the onSend hook,
 * plugins/external/helmet.ts), so that a load balancer sees it not ready and stops sending
 * rather than being refused. Then the listener closes, idle keep-alive sockets are closed
 * (they would otherwise hold the process for a minute), requests in flight finish, the
 * database closes, and the process exits 0. At `graceMs` from the signal, the connections of
 * requests still running are closed; if closing still hangs a moment later, it exits 1.
 */
export function stopGracefully(
  app: FastifyInstance,
  state: ServerState,
  {
    graceMs = SHUTDOWN_GRACE_MS,
    delayMs = DEFAULT_SHUTDOWN_DELAY_MS,
    exit = (code: number): void => process.exit(code),
  }: { graceMs?: number; delayMs?: number; exit?: (code: number) => void } = {},
): (signal: string) => Promise<void> {
  let stopping: Promise<void> | undefined
  let exited = false
  const exitOnce = (code: number) => {
    if (exited) return
    exited = true
    exit(code)
  }
  return (signal) => {
    stopping ??= (async () => {
      state.accepting = false
      // Ctrl-C at a terminal has no load balancer to tell.
      const notReadyMs = signal === 'SIGINT' ? 0 : delayMs
      app.log.info({ signal, notReadyMs }, 'shutting down')
      const force = setTimeout(() => {
        app.log.warn(FORCED_CLOSE_MESSAGE)
        app.server.closeAllConnections()
      }, graceMs)
      force.unref()
      const giveUp = setTimeout(() => {
        app.log.error({ ms: graceMs + SHUTDOWN_EXIT_MARGIN_MS }, FORCED_EXIT_MESSAGE)
        exitOnce(1)
      }, graceMs + SHUTDOWN_EXIT_MARGIN_MS)
      try {
        if (notReadyMs > 0) await sleep(notReadyMs)
        // Node's close() ends every connection it sees as idle, which a request still unread in
        // its socket is: requests already sent are read first, in this turn of the event loop.
        await setImmediate()
        await app.close()
        exitOnce(0)
      } catch (error) {
        app.log.error({ err: loggableError(error) }, 'shutdown failed')
        exitOnce(1)
      } finally {
        clearTimeout(force)
        clearTimeout(giveUp)
      }
    })()
    return stopping
  }
}
