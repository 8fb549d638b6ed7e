import { DrizzleQueryError } from 'drizzle-orm/errors'

const MAX_MESSAGE = 500
const MAX_QUERY = 200
const MAX_FRAMES = 10
const MAX_CAUSES = 3

const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max)}… (${String(text.length)} characters)` : text

const codeOf = (error: Error): string | number | undefined => {
  const { code } = error as { code?: unknown }
  return typeof code === 'string' || typeof code === 'number' ? code : undefined
}

// A failed query's own message holds its parameters: its cause speaks for it.
function summary(error: Error): Record<string, unknown> {
  if (error instanceof DrizzleQueryError) {
    const query = cut(error.query, MAX_QUERY)
    return error.cause instanceof Error
      ? { ...summary(error.cause), query }
      : { type: 'DrizzleQueryError', message: 'query failed', query }
  }
  const code = codeOf(error)
  return {
    // pg-protocol names a server's error after its message type, "error".
    type: error.name === 'error' ? 'DatabaseError' : error.name,
    ...(code === undefined ? {} : { code }),
    message: cut(error.message, MAX_MESSAGE),
  }
}

function causesOf(error: Error): Error[] {
  const after = (next: Error): unknown =>
    next instanceof DrizzleQueryError && next.cause instanceof Error ? next.cause.cause : next.cause
  const causes: Error[] = []
  let next = after(error)
  while (next instanceof Error && causes.length < MAX_CAUSES) {
    causes.push(next)
    next = after(next)
  }
  return causes
}

/** An error as a log line may hold it (docs/operations.md); never `detail`, which repeats a row. */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error }
  const causes = causesOf(error).map(summary)
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .slice(0, MAX_FRAMES)
  // No prototype: pino's error serializer would take the type from its constructor.
  return Object.assign(Object.create(null) as Record<string, unknown>, {
    ...summary(error),
    ...(causes.length > 0 ? { causes } : {}),
    stack: frames.join('\n'),
  })
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
])
// Connection exception, insufficient resources (a full disk), system error.
const UNAVAILABLE_CLASSES = new Set(['08', '53', '58'])
const DRIVER_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect|Cannot use a pool after calling end)/

/** Whether the error, or one behind it, says the database cannot serve now: a 503, not a 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let next = error
  for (let depth = 0; next instanceof Error && depth < 5; depth++) {
    const code = codeOf(next)
    if (typeof code === 'string') {
      if (UNAVAILABLE_CODES.has(code)) return true
      if (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_CLASSES.has(code.slice(0, 2))) return true
    }
    if (DRIVER_MESSAGES.test(next.message)) return true
    if (next.name === 'DatabaseUnavailableError') return true
    next = next.cause
  }
  return false
}
