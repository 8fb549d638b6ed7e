// @vitest-environment node
import { execFileSync } from 'node:child_process'
import { closeSync, existsSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { asc, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Database, OpenDatabase } from '../../../server/db/database'
import { openEmbedded } from '../../../server/db/embedded'
import { pgDataDir } from '../../../server/db/pglite'
import { DatabaseUnavailableError } from '../../../server/db/pglite-client'
import { user } from '../../../server/db/schema'
import {
  buildWithTestServer,
  freshEmbeddedDataDir,
  run,
  startAccountsServer,
  tempDir,
  type Child,
} from './support'

// Servers start and stop on small filesystems mounted for the tests (root only: CI runs so).
vi.setConfig({ testTimeout: 90_000 })
const asRoot = process.getuid?.() === 0

let dir: ReturnType<typeof tempDir>
const mounted: string[] = []
const started: Child[] = []
beforeAll(() => {
  dir = tempDir()
})
afterAll(() => {
  for (const child of started) child.process.kill('SIGKILL')
  for (const path of mounted) execFileSync('umount', ['-l', path])
  dir.remove()
})

/** A tmpfs of `mb` megabytes of its own. */
function smallDisk(mb: number): string {
  const path = join(dir.path, `disk-${String(mounted.length)}`)
  mkdirSync(path)
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${String(mb)}m`, 'tmpfs', path])
  mounted.push(path)
  return path
}

/** Fills the disk to its last byte; the function given back frees it. */
function fill(disk: string): () => void {
  const file = join(disk, 'filler')
  const fd = openSync(file, 'w')
  try {
    for (const size of [1 << 20, 4096, 1]) {
      const zeros = Buffer.alloc(size)
      try {
        for (;;) writeSync(fd, zeros)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
      }
    }
  } finally {
    closeSync(fd)
  }
  return () => {
    rmSync(file)
  }
}

/** Why a query failed: the first error in its chain with a code (drizzle wraps the driver's). */
const rootCause = async (query: Promise<unknown>): Promise<unknown> => {
  let cause: unknown = await query.then(
    () => {
      throw new Error('the query succeeded')
    },
    (error: unknown) => error,
  )
  while (!(cause as { code?: unknown }).code && (cause as { cause?: unknown }).cause) {
    cause = (cause as { cause?: unknown }).cause
  }
  return cause
}

describe.runIf(asRoot)('the embedded database on a disk that fills up', () => {
  let disk: string
  let opened: OpenDatabase
  let db: Database
  const logged: string[] = []
  const log = {
    info: (_: object, message: string) => logged.push(message),
    error: (_: object, message: string) => logged.push(message),
  }
  beforeAll(async () => {
    disk = smallDisk(80)
    opened = await openEmbedded(freshEmbeddedDataDir(disk), log, { restartIntervalMs: 500 })
    db = opened.db
    await db.insert(user).values({ id: 'u1', name: 'u1', email: 'u1@example.com' })
  })
  afterAll(() => opened.close())

  const ids = async () =>
    (await db.select({ id: user.id }).from(user).orderBy(asc(user.id))).map((row) => row.id)
  const add = (id: string, name = id) => db.insert(user).values({ id, name, email: `${id}@x.org` })

  it('fails a write that needs more room at once, with disk_full, and goes on', async () => {
    const free = fill(disk)
    const big = Array.from({ length: 300 }, (_, index) => `big-${String(index)}`)
    const failed = db
      .insert(user)
      .values(big.map((id) => ({ id, name: id.padEnd(4000, '.'), email: `${id}@x.org` })))
    expect(await rootCause(failed)).toMatchObject({ code: '53100', severity: 'ERROR' })
    expect(await ids()).toEqual(['u1'])
    free()
    await add('u2')
    expect(await ids()).toEqual(['u1', 'u2'])
  })

  it('after a WAL write fails (PANIC), fails calls at once with why, and restarts once there is room', async () => {
    const free = fill(disk)
    // The next commit needs a new WAL file, which there is no room for.
    await db.execute(sql`select pg_switch_wal()`)
    expect(await rootCause(add('u3'))).toMatchObject({ code: '53100', severity: 'PANIC' })
    expect(logged).toContain(
      'the embedded database stopped: the disk is full; it restarts at a later query, once there is space',
    )
    const stopped = await rootCause(ids())
    expect(stopped).toBeInstanceOf(DatabaseUnavailableError)
    expect(stopped).toMatchObject({ code: '53100' })
    expect((stopped as Error).message).toMatch(/the disk is full/)

    // Still full: the restart fails, and so do the calls; the next try waits twice as long.
    await delay(600)
    expect(await rootCause(ids())).toBeInstanceOf(DatabaseUnavailableError)
    expect(await rootCause(ids())).toBeInstanceOf(DatabaseUnavailableError)
    expect(logged.filter((message) => message.includes('could not restart'))).toEqual([
      'the embedded database could not restart',
    ])

    free()
    await vi.waitFor(
      async () => {
        expect(await ids()).toEqual(['u1', 'u2'])
      },
      { timeout: 30_000, interval: 250 },
    )
    expect(logged).toContain('the embedded database restarted')
    await add('u4')
    expect(await ids()).toEqual(['u1', 'u2', 'u4'])
  })
})

describe.runIf(asRoot)('a server whose DATA_DIR is on a small disk', () => {
  let built: Awaited<ReturnType<typeof buildWithTestServer>>
  beforeAll(async () => {
    built = await buildWithTestServer({ 'disk-server': 'tests/server/db/fixtures/disk-server.ts' })
  }, 120_000)
  afterAll(() => {
    built.remove()
  })

  const start = async (env: Record<string, string>) => {
    const server = await startAccountsServer(built.dir, env, 'disk-server')
    started.push(server)
    return server
  }
  const post = (url: string, id: string) =>
    fetch(`${url}/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id, email: `${id}@example.com` }),
    })

  it('goes on answering when the disk fills, says why writes fail, and stops on SIGTERM', async () => {
    const disk = smallDisk(80)
    const env = { DATA_DIR: freshEmbeddedDataDir(disk) }
    const server = await start(env)
    expect((await post(server.url, 'before')).status).toBe(201)
    const free = fill(disk)
    expect((await fetch(`${server.url}/wal-switch`, { method: 'POST' })).status).toBe(204)

    const failed = await post(server.url, 'lost')
    expect(failed.status).toBe(500)
    expect(await failed.json()).toMatchObject({ code: '53100' })
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    const read = await fetch(`${server.url}/accounts`)
    expect(read.status).toBe(500)
    const why = (await read.json()) as { code: string; message: string }
    expect(why.code).toBe('53100')
    expect(why.message).toMatch(/the disk is full/)
    server.process.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    expect(server.output()).toContain('the embedded database stopped: the disk is full')

    // With room again, the next start recovers every acknowledged write.
    free()
    const again = await start(env)
    expect(await (await fetch(`${again.url}/accounts`)).json()).toEqual(['before'])
    expect((await post(again.url, 'after')).status).toBe(201)
    again.process.kill('SIGTERM')
    expect(await again.exited).toBe(0)
  })

  it('stops in one line when the disk is too small to create the database', async () => {
    const dataDir = join(smallDisk(1), 'data')
    const server = run(join(built.dir, 'accounts-server.js'), { DATA_DIR: dataDir })
    started.push(server)
    expect(await server.exited).toBe(1)
    expect(server.output()).toBe(
      `Configuration error: DATA_DIR ${dataDir}: not enough space to create the database (disk full)\n`,
    )
    // Nothing half made is left to be taken for a database next time.
    expect(existsSync(pgDataDir(dataDir))).toBe(false)
  })
})
