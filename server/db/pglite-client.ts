import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import {
  messages,
  TransactionAbortedError,
  type ParserOptions,
  type QueryOptions,
  type Results,
  type RowMode,
} from '@electric-sql/pglite'
import { within } from '../lib/within'
import type { DatabaseLog } from './database'
import type { Reply, Request, WireError, WorkerData } from './worker-protocol'

/**
 * The embedded database seen from the server's thread: PGlite runs in a worker thread
 * (pglite-worker.ts), so that its queries, which run synchronously, never hold up the event
 * loop. The worker is one connection: a transaction has it to itself until it ends, and every
 * other call waits its turn here. A worker whose PostgreSQL stops (a PANIC: a WAL write on a
 * full disk) is ended, calls fail at once with the reason, and a later call starts a new one.
 */

export interface PgliteClientOptions {
  log: DatabaseLog
  /** How long close() waits for work in flight and PostgreSQL's shutdown before ending the worker. */
  closeTimeoutMs?: number
  /**
   * After a failure, calls fail at once for this long before one tries a new worker; twice as
   * long after each restart that fails, up to a minute.
   */
  restartIntervalMs?: number
  /** A restart that takes longer (PostgreSQL replaying its WAL) is given up. */
  restartTimeoutMs?: number
}

/** What a transaction's callback gets: queries on the connection it holds. */
export interface WorkerTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>
  exec(sql: string, options?: QueryOptions): Promise<Results[]>
  rollback(): Promise<void>
  readonly closed: boolean
}

/** Emscripten's errno values (its ErrnoError carries no message). */
const ERRNO_NAMES: Record<number, string> = {
  2: 'permission denied',
  19: 'disk quota exceeded',
  29: 'input/output error',
  51: 'no space left on device',
  63: 'operation not permitted',
  69: 'read-only file system',
}
const DISK_FULL_ERRNOS = new Set([19, 51])

const causes = function* (error: unknown) {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) yield cause
}

/** A write that failed for want of space: PostgreSQL's disk_full, or ENOSPC from the filesystem. */
export function isDiskFull(error: unknown): boolean {
  for (const cause of causes(error)) {
    const { code, errno, message } = cause as { code?: unknown; errno?: unknown; message?: unknown }
    if (code === '53100' || code === 'ENOSPC' || code === 'EDQUOT') return true
    if (typeof errno === 'number' && DISK_FULL_ERRNOS.has(errno)) return true
    if (typeof message === 'string' && /no space left on device/i.test(message)) return true
  }
  return false
}

/** What an Emscripten ErrnoError in the chain means, if there is one. */
export function errnoMessage(error: unknown): string | undefined {
  for (const cause of causes(error)) {
    const { name, errno } = cause as { name?: unknown; errno?: unknown }
    if (name === 'ErrnoError' && typeof errno === 'number') {
      return ERRNO_NAMES[errno] ?? `errno ${String(errno)}`
    }
  }
  return undefined
}

/** A call while the database's worker is down: the reason, and PostgreSQL's SQLSTATE for it. */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError'
  /** 53100 (disk_full) when the disk is full. */
  readonly code: string
  constructor(reason: Error) {
    super(
      `the embedded database is stopped (${isDiskFull(reason) ? 'the disk is full: ' : ''}${reason.message}); it restarts at a later query`,
      { cause: reason },
    )
    const code = (reason as { code?: unknown }).code
    this.code = isDiskFull(reason) ? '53100' : typeof code === 'string' ? code : 'XX000'
  }
}

const MAX_RESTART_INTERVAL_MS = 60_000

const closedError = () => new Error('the embedded database is closed')

function revive(wire: WireError): Error {
  const error = wire.database
    ? new messages.DatabaseError(wire.message, 0, 'error')
    : Object.assign(new Error(wire.message), { name: wire.name })
  return Object.assign(error, wire.fields)
}

// A name, not a literal: the build must not take the worker for an asset of this chunk.
const WORKER_FILE = './pglite-worker.js'

function spawnWorker(pgdata: string): Worker {
  const workerData: WorkerData = { pgdata }
  const here = import.meta.url
  if (!here.endsWith('.ts')) return new Worker(new URL(WORKER_FILE, here), { workerData })
  // From the sources (tests, `npm run dev`): the worker's TypeScript through tsx's ESM loader.
  const entry = new URL('./pglite-worker.ts', here).href
  return new Worker(
    `import(${JSON.stringify(tsxEsmApi(here))}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}) })`,
    { eval: true, workerData },
  )
}

/** tsx/esm/api's ESM build, found as Node finds it (require.resolve would give the CommonJS one). */
function tsxEsmApi(from: string): string {
  const manifest = createRequire(from).resolve('tsx/package.json')
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    exports: Record<string, { import?: { default?: string } }>
  }
  const file = exports['./esm/api']?.import?.default
  if (!file) throw new Error(`${manifest}: no ESM build of tsx/esm/api`)
  return pathToFileURL(join(dirname(manifest), file)).href
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never
type RequestBody = DistributiveOmit<Request, 'id'>
interface Pending {
  resolve: (value: unknown) => void
  reject: (error: Error) => void
}

/** One worker: its PGlite started, requests answered in order, until it ends. */
class WorkerConnection {
  readonly worker: Worker
  /** Its PGlite started; or why not, once the worker has stopped. */
  readonly ready: Promise<void>
  #notReady: (error: Error) => void = () => undefined
  #pending = new Map<number, Pending>()
  #next = 0
  /** What calls get once it answers no more. */
  #ended: Error | undefined

  constructor(
    pgdata: string,
    onFailure: (connection: WorkerConnection, error: Error) => void,
    timeoutMs?: number,
  ) {
    this.worker = spawnWorker(pgdata)
    let started = false
    let timer: NodeJS.Timeout | undefined
    let isReady: () => void = () => undefined
    this.ready = new Promise((resolve, reject) => {
      isReady = resolve
      this.#notReady = reject
    })
    const failed = (error: Error) => {
      clearTimeout(timer)
      if (this.#ended) return
      void this.end(started ? new DatabaseUnavailableError(error) : error)
      if (started) onFailure(this, error)
    }
    if (timeoutMs !== undefined) {
      timer = setTimeout(() => {
        failed(new Error(`PGlite did not start within ${String(timeoutMs / 1000)} s`))
      }, timeoutMs)
    }
    this.worker.on('message', (reply: Reply) => {
      switch (reply.kind) {
        case 'start-failed':
          failed(revive(reply.error))
          return
        case 'failed': {
          // The call that met it fails with PostgreSQL's own error; the others, as stopped.
          const error = revive(reply.error)
          this.#settle(reply.id, (pending) => {
            pending.reject(error)
          })
          failed(error)
          return
        }
        case 'result':
          this.#settle(reply.id, (pending) => {
            pending.resolve(reply.result)
          })
          return
        case 'error':
          this.#settle(reply.id, (pending) => {
            pending.reject(revive(reply.error))
          })
          return
        case 'ready':
          started = true
          clearTimeout(timer)
          // Idle, the worker does not keep the process running (PGlite on this thread did not).
          this.worker.unref()
          isReady()
          return
      }
    })
    this.worker.on('messageerror', failed)
    this.worker.on('error', failed)
    this.worker.on('exit', (code) => {
      failed(new Error(`PGlite's worker stopped (exit code ${String(code)})`))
    })
  }

  #settle(id: number, settle: (pending: Pending) => void) {
    const pending = this.#pending.get(id)
    if (!pending) return
    this.#pending.delete(id)
    if (this.#pending.size === 0) this.worker.unref()
    settle(pending)
  }

  request<T>(body: RequestBody): Promise<T> {
    if (this.#ended) return Promise.reject(this.#ended)
    const id = ++this.#next
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      if (this.#pending.size === 1) this.worker.ref()
      try {
        this.worker.postMessage({ ...body, id })
      } catch (error) {
        // A parameter that cannot be copied to the worker (a function...).
        this.#settle(id, (pending) => {
          pending.reject(error as Error)
        })
      }
    })
  }

  /** PGlite closed (its shutdown checkpoint written) within the time; the worker ended anyway. */
  async close(timeoutMs: number): Promise<boolean> {
    const closing = this.request({ kind: 'close' }).then(
      () => true,
      () => false,
    )
    const closed = await within(closing, timeoutMs, false)
    await this.end(closedError())
    return closed
  }

  /** Stops the worker where it is: calls in flight, and later ones, fail with `error`. */
  end(error: Error): Promise<number> {
    if (!this.#ended) {
      this.#ended = error
      const pending = [...this.#pending.values()]
      this.#pending.clear()
      for (const { reject } of pending) reject(error)
    }
    const exited = this.worker.terminate()
    // A start that failed is reported once the worker is gone (its files closed).
    void exited.finally(() => {
      this.#notReady(error)
    })
    return exited
  }
}

async function runQuery<T>(
  connection: WorkerConnection,
  sql: string,
  params: unknown[] = [],
  options: QueryOptions = {},
): Promise<Results<T>> {
  const parsers = supportedParsers(options)
  const result = await connection.request<Results<T>>({
    kind: 'query',
    sql,
    params,
    rowMode: options.rowMode,
    paramTypes: options.paramTypes,
    rawTypes: Object.keys(parsers).map(Number),
  })
  return applyParsers(result, parsers, options.rowMode)
}

async function runExec(
  connection: WorkerConnection,
  sql: string,
  options: QueryOptions = {},
): Promise<Results[]> {
  const parsers = supportedParsers(options)
  const results = await connection.request<Results[]>({
    kind: 'exec',
    sql,
    rawTypes: Object.keys(parsers).map(Number),
  })
  return results.map((result) => applyParsers(result, parsers, options.rowMode))
}

/** Functions and blobs stay on this thread: parsers apply here, the rest is not offered. */
function supportedParsers(options: QueryOptions): ParserOptions {
  if (options.serializers || options.blob || options.onNotice) {
    throw new Error('the embedded database takes no serializers, blob or onNotice')
  }
  return options.parsers ?? {}
}

/** The caller's parsers, on the text the worker left for them. */
function applyParsers<T>(
  result: Results<T>,
  parsers: ParserOptions,
  rowMode: RowMode | undefined,
): Results<T> {
  const byName = new Map(result.fields.map((field, index) => [field.name, index]))
  const columns = result.fields.flatMap((field, index) => {
    const parse = parsers[field.dataTypeID]
    // In an object, a name given twice holds its last column.
    if (!parse || (rowMode !== 'array' && byName.get(field.name) !== index)) return []
    return [{ key: rowMode === 'array' ? index : field.name, parse }]
  })
  if (columns.length === 0) return result
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const { key, parse } of columns) {
      const value = row[key]
      if (typeof value === 'string') row[key] = parse(value)
    }
  }
  return result
}

/**
 * A PGlite-like client over the worker, which drizzle-orm/pglite drives: its session calls
 * only query() (with rowMode and parsers) and transaction().
 */
export class PgliteWorkerClient {
  #connection: WorkerConnection | undefined
  /** The newest worker, started or starting: ended when close() runs out of time. */
  #latest: WorkerConnection | undefined
  #failure: { error: Error; at: number; waitMs: number } | undefined
  #turn: Promise<unknown> = Promise.resolve()
  #closing: Promise<void> | undefined
  readonly #options: Required<PgliteClientOptions>

  private constructor(
    private readonly pgdata: string,
    options: PgliteClientOptions,
  ) {
    this.#options = {
      closeTimeoutMs: 5000,
      restartIntervalMs: 5000,
      restartTimeoutMs: 60_000,
      ...options,
    }
  }

  /** The worker started and its PGlite ready (PostgreSQL's initdb first, in a new folder). */
  static async start(pgdata: string, options: PgliteClientOptions): Promise<PgliteWorkerClient> {
    const client = new PgliteWorkerClient(pgdata, options)
    client.#connection = await client.#open()
    return client
  }

  async #open(timeoutMs?: number): Promise<WorkerConnection> {
    const connection = new WorkerConnection(
      this.pgdata,
      (failed, error) => {
        this.#failed(failed, error)
      },
      timeoutMs,
    )
    this.#latest = connection
    await connection.ready
    return connection
  }

  #failed(connection: WorkerConnection, error: Error) {
    if (this.#connection !== connection) return
    this.#connection = undefined
    this.#failure = { error, at: performance.now(), waitMs: this.#options.restartIntervalMs }
    this.#options.log.error(
      { err: error },
      isDiskFull(error)
        ? 'the embedded database stopped: the disk is full; it restarts at a later query, once there is space'
        : 'the embedded database stopped; it restarts at a later query',
    )
  }

  /** The live worker; or, after a failure, a new one when it is time to try. */
  async #ready(): Promise<WorkerConnection> {
    if (this.#connection) return this.#connection
    const failure = this.#failure
    if (!failure) throw closedError()
    if (performance.now() - failure.at < failure.waitMs) {
      throw new DatabaseUnavailableError(failure.error)
    }
    try {
      this.#connection = await this.#open(this.#options.restartTimeoutMs)
      this.#failure = undefined
      this.#options.log.info({}, 'the embedded database restarted')
      return this.#connection
    } catch (error) {
      this.#failure = {
        error: failure.error,
        at: performance.now(),
        waitMs: Math.max(Math.min(failure.waitMs * 2, MAX_RESTART_INTERVAL_MS), failure.waitMs),
      }
      this.#options.log.error({ err: error }, 'the embedded database could not restart')
      throw new DatabaseUnavailableError(failure.error)
    }
  }

  /** Runs `work` once every call before it is done: the worker is one connection. */
  #inTurn<T>(work: (connection: WorkerConnection) => Promise<T>): Promise<T> {
    if (this.#closing) return Promise.reject(closedError())
    const run = this.#turn.then(async () => work(await this.#ready()))
    this.#turn = run.catch(() => undefined)
    return run
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#inTurn((connection) => runQuery<T>(connection, sql, params, options))
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.#inTurn((connection) => runExec(connection, sql, options))
  }

  /** BEGIN, the callback's queries, COMMIT (ROLLBACK when it throws), nothing else between. */
  transaction<T>(callback: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    return this.#inTurn(async (connection) => {
      await runExec(connection, 'BEGIN')
      let closed = false
      const open = () => {
        if (closed) throw new Error('Transaction is closed')
      }
      const tx: WorkerTransaction = {
        query: async (sql, params, options) => {
          open()
          return runQuery(connection, sql, params, options)
        },
        exec: async (sql, options) => {
          open()
          return runExec(connection, sql, options)
        },
        rollback: async () => {
          open()
          await runExec(connection, 'ROLLBACK')
          closed = true
        },
        get closed() {
          return closed
        },
      }
      try {
        const result = await callback(tx)
        if (!tx.closed) {
          closed = true
          const [commit] = await runExec(connection, 'COMMIT')
          if (commit?.command === 'ROLLBACK') throw new TransactionAbortedError()
        }
        return result
      } catch (error) {
        if (!closed) {
          closed = true
          // Its own error says more than a failed ROLLBACK's (the worker gone).
          await runExec(connection, 'ROLLBACK').catch(() => undefined)
        }
        throw error
      }
    })
  }

  /** PGlite's dumpDataDir('gzip') between two calls: what a crash would leave, consistent. */
  dump(): Promise<Buffer> {
    return this.#inTurn(async (connection) =>
      Buffer.from(await connection.request<ArrayBuffer>({ kind: 'dump' })),
    )
  }

  /**
   * After the calls made before it: PostgreSQL shut down (its checkpoint written) and the
   * worker ended. Bounded: past closeTimeoutMs the worker is ended as it is, which the next
   * start recovers from as from a crash (every commit is in the WAL).
   */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      const { closeTimeoutMs, log } = this.#options
      const started = performance.now()
      const idle = await within(
        this.#turn.then(() => true),
        closeTimeoutMs,
        false,
      )
      const connection = this.#connection
      this.#connection = undefined
      this.#failure = undefined
      const left = Math.max(closeTimeoutMs - (performance.now() - started), 100)
      const clean = idle && (connection ? await connection.close(left) : true)
      if (!clean) {
        await this.#latest?.end(closedError())
        log.error(
          { ms: closeTimeoutMs },
          'the embedded database did not close in time: its worker was stopped (the next start recovers it)',
        )
      }
    })()
    return this.#closing
  }
}
