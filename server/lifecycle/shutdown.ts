import { setImmediate, setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import { DEFAULT_SHUTDOWN_DELAY_MS } from '../config'
import { loggableError } from '../logging/loggable-error'
import type { ServerState } from './state'

export const SHUTDOWN_GRACE_MS = 9000
export const SHUTDOWN_EXIT_MARGIN_MS = 1000

export const FORCED_CLOSE_MESSAGE =
  'in-flight requests did not finish in time; closing their connections'
export const FORCED_EXIT_MESSAGE = 'shutdown did not finish in time; exiting'

/** The stop on SIGTERM or SIGINT that docs/operations.md (Stopping) describes. */
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
