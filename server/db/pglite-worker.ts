import { parentPort, workerData } from 'node:worker_threads'
import type { PGlite, Results } from '@electric-sql/pglite'
import { startPglite } from './pglite'
import { toWireError, type Reply, type Request, type WorkerData } from './worker-protocol'

// PGlite's queries run synchronously in WebAssembly: here, off the server's thread.

if (!parentPort) throw new Error('pglite-worker.ts runs as a worker thread')
const port = parentPort
const reply = (message: Reply, transfer: ArrayBuffer[] = []) => {
  port.postMessage(message, transfer)
}

const identity = (value: string) => value
const rawParsers = (types: number[]) => Object.fromEntries(types.map((type) => [type, identity]))

// A blob (COPY TO /dev/blob) does not cross threads; nothing here makes one.
const plain = <T>(result: Results<T>): Results<T> => {
  const copy = { ...result }
  delete copy.blob
  return copy
}

// After a PANIC (a WAL write failed: a full disk) or FATAL, PGlite would spin on the next query.
const isFatal = (error: unknown) => {
  const severity = (error as { severity?: unknown } | null)?.severity
  return severity === 'PANIC' || severity === 'FATAL'
}

async function handle(pglite: PGlite, request: Request): Promise<void> {
  switch (request.kind) {
    case 'query': {
      const result = await pglite.query(request.sql, request.params, {
        rowMode: request.rowMode,
        paramTypes: request.paramTypes,
        parsers: rawParsers(request.rawTypes),
      })
      reply({ kind: 'result', id: request.id, result: plain(result) })
      return
    }
    case 'exec': {
      const results = await pglite.exec(request.sql, { parsers: rawParsers(request.rawTypes) })
      reply({ kind: 'result', id: request.id, result: results.map(plain) })
      return
    }
    case 'dump': {
      const tarball = await (await pglite.dumpDataDir('gzip')).arrayBuffer()
      reply({ kind: 'result', id: request.id, result: tarball }, [tarball])
      return
    }
    case 'close':
      await pglite.close()
      reply({ kind: 'result', id: request.id, result: null })
      return
  }
}

async function main() {
  const { pgdata } = workerData as WorkerData
  let pglite: PGlite
  try {
    pglite = await startPglite(pgdata)
  } catch (error) {
    reply({ kind: 'start-failed', error: toWireError(error) })
    return
  }
  let failed = false
  let queue = Promise.resolve()
  port.on('message', (request: Request) => {
    queue = queue.then(async () => {
      if (failed) {
        reply({ kind: 'error', id: request.id, error: toWireError(new Error('PGlite stopped')) })
        return
      }
      try {
        await handle(pglite, request)
      } catch (error) {
        if (!isFatal(error)) {
          reply({ kind: 'error', id: request.id, error: toWireError(error) })
          return
        }
        failed = true
        // Its files closed: a deleted WAL file held open would keep its space.
        try {
          ;(pglite.Module.FS as { quit(): void }).quit()
        } catch {
          // Nothing more to free.
        }
        reply({ kind: 'failed', id: request.id, error: toWireError(error) })
      }
    })
  })
  reply({ kind: 'ready' })
}

void main()
