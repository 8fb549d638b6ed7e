import type { Results, RowMode } from '@electric-sql/pglite'

export interface WorkerData {
  pgdata: string
}

export type Request = { id: number } & (
  | {
      kind: 'query'
      sql: string
      params: unknown[]
      rowMode: RowMode | undefined
      paramTypes: number[] | undefined
      /** Left as PostgreSQL's text, for the caller's parsers. */
      rawTypes: number[]
    }
  | { kind: 'exec'; sql: string; rawTypes: number[] }
  | { kind: 'dump' }
  | { kind: 'close' }
)

export type Reply =
  | { kind: 'ready' }
  | { kind: 'start-failed'; error: WireError }
  | { kind: 'result'; id: number; result: Results<unknown> | Results[] | ArrayBuffer | null }
  | { kind: 'error'; id: number; error: WireError }
  /** PostgreSQL's PANIC or FATAL: the instance cannot go on. */
  | { kind: 'failed'; id: number; error: WireError }

export interface WireError {
  name: string
  message: string
  database: boolean
  fields: Record<string, string | number | boolean>
}

export function toWireError(error: unknown): WireError {
  // Emscripten's ErrnoError is no Error, and has no message: its errno says it all.
  if (typeof error !== 'object' || error === null) {
    return { name: 'Error', message: String(error), database: false, fields: {} }
  }
  const fields: WireError['fields'] = {}
  for (const [key, value] of Object.entries(error)) {
    if (['string', 'number', 'boolean'].includes(typeof value)) {
      fields[key] = value as string | number | boolean
    }
  }
  const { name, message } = error as { name?: unknown; message?: unknown }
  return {
    name: typeof name === 'string' ? name : 'Error',
    message: typeof message === 'string' ? message : '',
    // Duck-typed: the worker's and this thread's pg-protocol classes are not the same.
    database: typeof fields.severity === 'string' && typeof fields.code === 'string',
    fields,
  }
}
