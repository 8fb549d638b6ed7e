import type { ServerResponse } from 'node:http'
import { inArray, sql } from 'drizzle-orm'
import pg from 'pg'
import type { Database } from '../db/database'
import { listSync } from '../db/schema'
import { loggableError } from '../logging/loggable-error'
import type { Transaction } from './rows'

/** The channel of PostgreSQL's NOTIFY that tells every instance an account's lists changed. */
export const LISTS_CHANNEL = 'cinelist_lists'
export const MAX_STREAMS_PER_ACCOUNT = 10
export const HEARTBEAT_MS = 25_000
export const RETRY_MS = 5000
const RECONNECT_FIRST_MS = 500
const RECONNECT_MOST_MS = 30_000

export interface EventsLog {
  info(details: object, message: string): void
  warn(details: object, message: string): void
}

/** The account's open event streams and how they hear of its syncs, on this instance or others. */
export interface ListEvents {
  /** In a sync's transaction that wrote: on PostgreSQL every instance hears of it at commit. */
  announce(tx: Transaction, userId: string, seq: number): Promise<void>
  /** Once that transaction has committed. */
  committed(userId: string, seq: number): void
  /** Takes over the response: the stream's headers, its first events, and the ones after. */
  open(userId: string, response: ServerResponse, headers: Record<string, string>, seq: number): void
  /** Open streams of an account (for the tests and the logs). */
  streams(userId: string): number
  close(): Promise<void>
}

export type ListEventsSource =
  { kind: 'embedded' } | { kind: 'postgres'; url: string; reconnectFirstMs?: number }

export const listsEvent = (seq: number) => `event: lists\ndata: ${JSON.stringify({ seq })}\n\n`

export async function createListEvents(
  db: Database,
  source: ListEventsSource,
  log: EventsLog,
  { heartbeatMs = HEARTBEAT_MS }: { heartbeatMs?: number } = {},
): Promise<ListEvents> {
  // A Set keeps the order streams opened in: the first is the oldest.
  const open = new Map<string, Set<ServerResponse>>()
  let closed = false

  const deliver = (userId: string, text: string) => {
    for (const response of open.get(userId) ?? []) response.write(text)
  }
  const end = (userId: string, response: ServerResponse) => {
    const streams = open.get(userId)
    streams?.delete(response)
    if (streams?.size === 0) open.delete(userId)
    if (!response.writableEnded) response.end()
  }

  const heartbeat = setInterval(() => {
    for (const streams of open.values()) for (const response of streams) response.write(': \n\n')
  }, heartbeatMs)
  heartbeat.unref()

  const listener =
    source.kind === 'postgres'
      ? await listen(source, log, {
          onNotice: (payload) => {
            const at = payload.lastIndexOf(':')
            const seq = Number(payload.slice(at + 1))
            if (at > 0 && Number.isSafeInteger(seq)) deliver(payload.slice(0, at), listsEvent(seq))
          },
          // What was sent while no one listened is lost: each stream learns its account's seq.
          onReconnect: async () => {
            const users = [...open.keys()]
            if (users.length === 0) return
            const rows = await db
              .select({ userId: listSync.userId, seq: listSync.seq })
              .from(listSync)
              .where(inArray(listSync.userId, users))
            for (const { userId, seq } of rows) deliver(userId, listsEvent(seq))
          },
          isClosed: () => closed,
        })
      : undefined

  return {
    async announce(tx, userId, seq) {
      if (source.kind !== 'postgres') return
      await tx.execute(sql`select pg_notify(${LISTS_CHANNEL}, ${`${userId}:${seq}`})`)
    },
    committed(userId, seq) {
      if (source.kind === 'embedded') deliver(userId, listsEvent(seq))
    },
    open(userId, response, headers, seq) {
      if (closed) {
        response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end()
        return
      }
      let streams = open.get(userId)
      if (!streams) open.set(userId, (streams = new Set()))
      while (streams.size >= MAX_STREAMS_PER_ACCOUNT) {
        const [oldest] = streams
        if (!oldest) break
        end(userId, oldest)
      }
      streams.add(response)
      // A write to a stream whose client has gone fails quietly; 'close' then removes it.
      response.on('error', () => undefined)
      response.once('close', () => {
        end(userId, response)
      })
      response.writeHead(200, headers)
      response.write(`retry: ${RETRY_MS}\n\nevent: ready\ndata: ${JSON.stringify({ seq })}\n\n`)
    },
    streams: (userId) => open.get(userId)?.size ?? 0,
    async close() {
      closed = true
      clearInterval(heartbeat)
      for (const [userId, streams] of open) for (const response of streams) end(userId, response)
      await listener?.close()
    },
  }
}

interface Listening {
  onNotice: (payload: string) => void
  onReconnect: () => Promise<void>
  isClosed: () => boolean
}

/** One connection that LISTENs, made again with growing waits whenever it fails. */
async function listen(
  source: Extract<ListEventsSource, { kind: 'postgres' }>,
  log: EventsLog,
  { onNotice, onReconnect, isClosed }: Listening,
): Promise<{ close: () => Promise<void> }> {
  const firstWait = source.reconnectFirstMs ?? RECONNECT_FIRST_MS
  let client: pg.Client | undefined
  let wait = firstWait
  let timer: NodeJS.Timeout | undefined
  let connectedOnce = false

  const retry = () => {
    if (isClosed() || timer) return
    const jittered = wait / 2 + Math.random() * (wait / 2)
    wait = Math.min(wait * 2, RECONNECT_MOST_MS)
    timer = setTimeout(() => {
      timer = undefined
      void connect()
    }, jittered)
    timer.unref()
  }

  const connect = async () => {
    const next = new pg.Client({
      connectionString: source.url,
      application_name: 'cinelist-events',
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
    })
    let failed = false
    const fail = (error: unknown) => {
      if (failed) return
      failed = true
      if (client === next) client = undefined
      next.removeAllListeners('notification')
      void next.end().catch(() => undefined)
      if (isClosed()) return
      log.warn({ err: loggableError(error) }, 'the list events connection failed; reconnecting')
      retry()
    }
    next.on('error', fail)
    next.on('end', () => {
      fail(new Error('connection ended'))
    })
    next.on('notification', (message) => {
      if (message.channel === LISTS_CHANNEL && message.payload) onNotice(message.payload)
    })
    try {
      await next.connect()
      await next.query(`LISTEN ${LISTS_CHANNEL}`)
    } catch (error) {
      fail(error)
      return
    }
    if (isClosed()) {
      failed = true
      await next.end().catch(() => undefined)
      return
    }
    client = next
    wait = firstWait
    if (connectedOnce) {
      log.info({}, 'list events listening again')
      await onReconnect().catch((error: unknown) => {
        log.warn({ err: loggableError(error) }, 'could not tell streams of missed list changes')
      })
    }
    connectedOnce = true
  }

  await connect()
  return {
    close: async () => {
      clearTimeout(timer)
      const last = client
      client = undefined
      if (last) {
        last.removeAllListeners('end')
        last.removeAllListeners('error')
        last.on('error', () => undefined)
        await last.end().catch(() => undefined)
      }
    },
  }
}
