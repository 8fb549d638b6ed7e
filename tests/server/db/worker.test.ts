// @vitest-environment node
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { messages, PGlite } from '@electric-sql/pglite'
import { asc, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Database, OpenDatabase } from '../../../server/db/database'
import { openDatabase } from '../../../server/db/open'
import { pgDataDir } from '../../../server/db/pglite'
import { PgliteWorkerClient } from '../../../server/db/pglite-client'
import { user } from '../../../server/db/schema'
import {
  controlFileState,
  DB_IN_PRODUCTION,
  DB_SHUTDOWNED,
  freshEmbeddedDataDir,
  quietLog,
  tempDir,
} from './support'

vi.setConfig({ testTimeout: 60_000 })

let dir: ReturnType<typeof tempDir>
let opened: OpenDatabase
let db: Database
beforeAll(async () => {
  dir = tempDir()
  opened = await openDatabase(
    { kind: 'embedded', dataDir: freshEmbeddedDataDir(dir.path) },
    quietLog,
  )
  db = opened.db
})
afterAll(async () => {
  await opened.close()
  dir.remove()
})

const ids = async () =>
  (await db.select({ id: user.id }).from(user).orderBy(asc(user.id))).map((row) => row.id)

describe('the embedded database in its worker thread', () => {
  it('leaves the event loop free: a timer fires while a query runs', async () => {
    const query = db.execute(sql`select pg_sleep(1)`)
    const first = await Promise.race([
      query.then(() => 'the query'),
      delay(10).then(() => 'the timer'),
    ])
    expect(first).toBe('the timer')
    await query
  })

  it('lets the server answer /healthz while a heavy query runs', async () => {
    const app = Fastify({ logger: false, pluginTimeout: 120_000 })
    let started: () => void = () => undefined
    const running = new Promise<void>((resolve) => {
      started = resolve
    })
    app.get('/healthz', () => ({ status: 'ok' }))
    app.get('/heavy', async () => {
      const query = db.execute(sql`select count(*) from generate_series(1, 4000000)`)
      started()
      await query
      return { done: true }
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    try {
      const url = `http://127.0.0.1:${String((app.server.address() as AddressInfo).port)}`
      const order: string[] = []
      const heavy = fetch(`${url}/heavy`).then(() => order.push('heavy'))
      await running
      const health = await fetch(`${url}/healthz`)
      order.push('healthz')
      expect(health.status).toBe(200)
      await heavy
      expect(order).toEqual(['healthz', 'heavy'])
    } finally {
      await app.close()
    }
  })

  it('gives a transaction the connection: a query from outside waits for its end', async () => {
    let ended = false
    let outside: Promise<string[]> | undefined
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(user).values({ id: 'tx-1', name: 'Tx', email: 'tx-1@example.com' })
        outside = ids()
        await delay(100)
        ended = true
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    // Had it run inside the transaction, it would have seen the row that was rolled back.
    expect(await outside).toEqual([])
    expect(ended).toBe(true)

    await db.transaction(async (tx) => {
      await tx.insert(user).values({ id: 'tx-2', name: 'Tx', email: 'tx-2@example.com' })
      // A nested transaction is a savepoint: its rollback keeps the outer one's rows.
      await tx
        .transaction(async (inner) => {
          await inner.insert(user).values({ id: 'tx-3', name: 'Tx', email: 'tx-3@example.com' })
          inner.rollback()
        })
        .catch(() => undefined)
    })
    expect(await ids()).toEqual(['tx-2'])
  })

  it('rejects with PostgreSQL’s error and its fields', async () => {
    const duplicate = db.insert(user).values({ id: 'tx-9', name: 'Tx', email: 'tx-2@example.com' })
    const error: unknown = await duplicate.catch((caught: unknown) => caught)
    const cause = (error as { cause?: unknown }).cause
    expect(cause).toBeInstanceOf(messages.DatabaseError)
    expect(cause).toMatchObject({ code: '23505', severity: 'ERROR', table: 'user' })
    // The connection goes on.
    expect(await ids()).toEqual(['tx-2'])
  })

  it('reads every type as PGlite on this thread does', async () => {
    const here = await PGlite.create()
    try {
      const local = drizzle({ client: here })
      const values = sql`select
        '2024-01-02 03:04:05.678'::timestamp as ts,
        '2024-01-02 03:04:05.678+02'::timestamptz as tstz,
        '2024-01-02'::date as day,
        interval '1 day 2 hours' as span,
        12.50::numeric as amount,
        (2::int8 ^ 60)::int8 as big,
        42 as n,
        1.5::float8 as f,
        true as yes,
        null::text as nothing,
        '{"a":[1,2]}'::jsonb as doc,
        '\\x0102ff'::bytea as bytes,
        array[1, 2]::int[] as ints,
        array['2024-01-02 03:04:05'::timestamp] as stamps,
        array[1.5]::numeric[] as amounts`
      const viaWorker: unknown = await db.execute(values)
      const viaHere: unknown = await local.execute(values)
      expect((viaWorker as { rows: unknown[] }).rows).toEqual((viaHere as { rows: unknown[] }).rows)

      const typed = (d: Database | typeof local) =>
        d
          .select({
            ts: sql`'2024-01-02 03:04:05'::timestamp`,
            day: sql`'2024-01-02'::date`,
            big: sql`42::int8`.mapWith(Number),
            doc: sql`'{"b":true}'::json`,
          })
          .from(sql`(values (1), (2)) as v(x)`)
      expect(await typed(db)).toEqual(await typed(local))
    } finally {
      await here.close()
    }
  })
})

describe('closing the embedded database', () => {
  const errors: string[] = []
  const log = { info: () => undefined, error: (_: object, message: string) => errors.push(message) }

  it('waits for the calls made before it, then shuts PostgreSQL down', async () => {
    const dataDir = freshEmbeddedDataDir(join(dir.path, 'waits'))
    const client = await PgliteWorkerClient.start(pgDataDir(dataDir), { log })
    const query = client.query('select pg_sleep(0.3) as slept')
    await client.close()
    expect((await query).rows).toHaveLength(1)
    await expect(client.query('select 1')).rejects.toThrow('the embedded database is closed')
    expect(controlFileState(dataDir)).toBe(DB_SHUTDOWNED)
    expect(errors).toEqual([])
  })

  it('ends a worker that does not close in time, and the folder opens again', async () => {
    const dataDir = freshEmbeddedDataDir(join(dir.path, 'stuck'))
    const client = await PgliteWorkerClient.start(pgDataDir(dataDir), { log, closeTimeoutMs: 300 })
    const stuck = client.query('select pg_sleep(600)')
    await client.close()
    await expect(stuck).rejects.toThrow('the embedded database is closed')
    expect(errors).toEqual([
      'the embedded database did not close in time: its worker was stopped (the next start recovers it)',
    ])
    // As after a crash: PostgreSQL recovers from its WAL.
    expect(controlFileState(dataDir)).toBe(DB_IN_PRODUCTION)
    const again = await PgliteWorkerClient.start(pgDataDir(dataDir), { log })
    expect((await again.query('select 1 as one')).rows).toEqual([{ one: 1 }])
    await again.close()
    expect(controlFileState(dataDir)).toBe(DB_SHUTDOWNED)
  })
})
