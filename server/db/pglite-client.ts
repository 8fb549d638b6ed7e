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

// The worker is one connection: a transaction has it to itself, and other calls wait their turn.
// A worker whose PostgreSQL stops is ended; a later call starts a new one (docs/operations.md).

export interface PgliteClientOptions {
  log: DatabaseLog
  closeTimeoutMs?: number
  /** Doubled after each restart that fails, up to a minute. */
  restartIntervalMs?: number
  restartTimeoutMs?: number
}

export interface WorkerTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>
  exec(sql: string, options?: QueryOptions): Promise<Results[]>
  rollback(): Promise<void>
  readonly closed: boolean
}

// Emscripten's ErrnoError carries no message.
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

export function isDiskFull(error: unknown): boolean {
  for (const cause of causes(error)) {
    const { code, errno, message } = cause as { code?: unknown; errno?: unknown; message?: unknown }
    if (code === '53100' || code === 'ENOSPC' || code === 'EDQUOT') return true
    if (typeof errno === 'number' && DISK_FULL_ERRNOS.has(errno)) return true
    if (typeof message === 'string' && /no space left on device/i.test(message)) return true
  }
  return false
}

export function errnoMessage(error: unknown): string | undefined {
  for (const cause of causes(error)) {
    const { name, errno } = cause as { name?: unknown; errno?: unknown }
    if (name === 'ErrnoError' && typeof errno === 'number') {
      return ERRNO_NAMES[errno] ?? `errno ${String(errno)}`
    }
  }
  return undefined
}

/** A call while the worker is down, with PostgreSQL's SQLSTATE for the reason. */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError'
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
  // From the sources (tests, `npm run dev`): through tsx's ESM loader.
  const entry = new URL('./pglite-worker.ts', here).href
  return new Worker(
    `import(${JSON.stringify(tsxEsmApi(here))}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}) })`,
    { eval: true, workerData },
  )
}

// require.resolve would give tsx/esm/api's CommonJS build.
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

class WorkerConnection {
  readonly worker: Worker
  readonly ready: Promise<void>
  #notReady: (error: Error) => void = () => undefined
  #pending = new Map<number, Pending>()
  #next = 0
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
          // Idle, it does not keep the process running.
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
        this.#settle(id, (pending) => {
          pending.reject(error as Error)
        })
      }
    })
  }

  async close(timeoutMs: number): Promise<boolean> {
    const closing = this.request({ kind: 'close' }).then(
      () => true,
      () => false,
    )
    const closed = await within(closing, timeoutMs, false)
    await this.end(closedError())
    return closed
  }

  end(error: Error): Promise<number> {
    if (!this.#ended) {
      this.#ended = error
      const pending = [...this.#pending.values()]
      this.#pending.clear()
      for (const { reject } of pending) reject(error)
    }
    const exited = this.worker.terminate()
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

// Functions do not cross threads: parsers apply here, the rest is not offered.
function supportedParsers(options: QueryOptions): ParserOptions {
  if (options.serializers || options.blob || options.onNotice) {
    throw new Error('the embedded database takes no serializers, blob or onNotice')
  }
  return options.parsers ?? {}
}

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

/** Enough of PGlite for drizzle-orm/pglite, whose session calls only query() and transaction(). */
export class PgliteWorkerClient {
  #connection: WorkerConnection | undefined
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
          await runExec(connection, 'ROLLBACK').catch(() => undefined)
        }
        throw error
      }
    })
  }

  dump(): Promise<Buffer> {
    return this.#inTurn(async (connection) =>
      Buffer.from(await connection.request<ArrayBuffer>({ kind: 'dump' })),
    )
  }

  /** Past closeTimeoutMs the worker is ended as it is: the next start recovers as from a crash. */
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
