import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyPluginCallback } from 'fastify'
import type { Database } from '../db/database'
import { loggableError } from '../logging/loggable-error'
import type { ServerState } from '../lifecycle/state'
import { within } from '../lib/within'

export const READINESS_TIMEOUT_MS = 1000
export const READINESS_CACHE_MS = 1000

export interface HealthOptions {
  state: ServerState
  /** None with ACCOUNTS=local. */
  db?: Pick<Database, 'execute'> | undefined
  timeoutMs?: number
  cacheMs?: number
}

type Check = { ok: true } | { ok: false; error?: unknown }

// A query that outlives its timeout is awaited by the next check rather than sent again: a
// wedged database holds one connection, not one per probe.
function databaseCheck(
  db: Pick<Database, 'execute'>,
  { timeoutMs, cacheMs, log }: { timeoutMs: number; cacheMs: number; log: FastifyBaseLogger },
): () => Promise<boolean> {
  let query: Promise<Check> | undefined
  let checking: Promise<boolean> | undefined
  let last: { ok: boolean; at: number } | undefined

  const check = async (): Promise<boolean> => {
    query ??= db
      .execute(sql`select 1`)
      .then(
        (): Check => ({ ok: true }),
        (error: unknown): Check => ({ ok: false, error }),
      )
      .finally(() => {
        query = undefined
      })
    const result = await within<Check>(query, timeoutMs, { ok: false })
    if (!result.ok && last?.ok !== false) {
      const reason =
        result.error === undefined ? { timeoutMs } : { err: loggableError(result.error) }
      log.warn(reason, 'not ready: the database did not respond')
    } else if (result.ok && last?.ok === false) {
      log.info('ready: the database responds again')
    }
    last = { ok: result.ok, at: performance.now() }
    return result.ok
  }

  return () => {
    if (last && performance.now() - last.at < cacheMs) return Promise.resolve(last.ok)
    checking ??= check().finally(() => {
      checking = undefined
    })
    return checking
  }
}

/** /healthz and /readyz, as docs/operations.md describes them. */
const health: FastifyPluginCallback<HealthOptions> = (
  app,
  { state, db, timeoutMs = READINESS_TIMEOUT_MS, cacheMs = READINESS_CACHE_MS },
  done,
) => {
  const databaseAnswers = db
    ? databaseCheck(db, { timeoutMs, cacheMs, log: app.log })
    : () => Promise.resolve(true)

  app.get('/healthz', (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  )
  app.get('/readyz', async (_request, reply) => {
    const status = !state.accepting
      ? 'shutting down'
      : (await databaseAnswers())
        ? 'ready'
        : 'database unavailable'
    return reply
      .code(status === 'ready' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status })
  })
  done()
}

export default health
