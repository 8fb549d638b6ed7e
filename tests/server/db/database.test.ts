// @vitest-environment node
import fs, { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import Fastify, { type FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ConfigError, type DatabaseConfig } from '../../../server/config'
import type { Database } from '../../../server/db/database'
import { openDatabase } from '../../../server/db/open'
import { pgDataDir, startPglite } from '../../../server/db/pglite'
import { session, user } from '../../../server/db/schema'
import databasePlugin from '../../../server/plugins/app/database'
import journal from '../../../server/db/migrations/meta/_journal.json'
import { createPostgresDatabase, quietLog, TARGETS, tempDir } from './support'

// A first start runs PostgreSQL's initdb, which a machine busy with other work slows down.
vi.setConfig({ testTimeout: 60_000 })

const TABLES = [
  'account',
  'list_entry',
  'list_share',
  'list_sync',
  'named_list',
  'rate_limit',
  'rating',
  'server_setting',
  'session',
  'user',
  'verification',
  'viewing',
]

/** Both drivers answer a raw query with its rows in `rows`. */
async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(query)
  return (result as { rows: T[] }).rows
}

const publicTables = (db: Database) =>
  rows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
  )
const appliedMigrations = async (db: Database) =>
  (
    await rows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
  )[0]?.n

async function startApp(database: DatabaseConfig): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, pluginTimeout: 120_000 })
  await app.register(databasePlugin, { database })
  await app.ready()
  return app
}

describe.each(TARGETS)('the database plugin over $name', ({ kind }) => {
  let config: DatabaseConfig
  let cleanUp: () => Promise<void> | void
  beforeAll(async () => {
    if (kind === 'embedded') {
      const dir = tempDir()
      config = { kind, dataDir: join(dir.path, 'data') }
      cleanUp = dir.remove
    } else {
      const database = await createPostgresDatabase()
      config = { kind, url: database.url }
      cleanUp = database.drop
    }
  })
  afterAll(() => cleanUp())

  it('creates the schema when it first starts, and reads and writes through app.db', async () => {
    const app = await startApp(config)
    expect((await publicTables(app.db)).map((table) => table.name)).toEqual(TABLES)
    expect(await appliedMigrations(app.db)).toBe(journal.entries.length)

    await app.db.insert(user).values({ id: 'u1', name: 'Ada', email: 'ada@example.com' })
    await app.db.insert(session).values({
      id: 's1',
      userId: 'u1',
      token: 'token-1',
      expiresAt: new Date(Date.now() + 60_000),
    })
    const [found] = await app.db
      .select({ email: user.email, token: session.token, verified: user.emailVerified })
      .from(session)
      .innerJoin(user, eq(session.userId, user.id))
    expect(found).toEqual({ email: 'ada@example.com', token: 'token-1', verified: false })
    // One account per e-mail address; an account's sessions go with it.
    await expect(
      app.db.insert(user).values({ id: 'u2', name: 'Other', email: 'ada@example.com' }),
    ).rejects.toThrow()
    await app.db.delete(user).where(eq(user.id, 'u1'))
    expect(await app.db.select().from(session)).toEqual([])

    await app.db.insert(user).values({ id: 'u3', name: 'Grace', email: 'grace@example.com' })
    await app.close()
  })

  it('starts again on the same data, with nothing left to migrate', async () => {
    const app = await startApp(config)
    expect(await app.db.select({ email: user.email }).from(user)).toEqual([
      { email: 'grace@example.com' },
    ])
    expect(await appliedMigrations(app.db)).toBe(journal.entries.length)
    await app.close()
  })
})

describe('the embedded database', () => {
  let dir: ReturnType<typeof tempDir>
  let dataDir: string
  beforeAll(() => {
    dir = tempDir()
    dataDir = join(dir.path, 'nested', 'data')
  })
  afterAll(() => {
    dir.remove()
  })

  it('creates DATA_DIR on first start, readable by its owner only', async () => {
    const opened = await openDatabase({ kind: 'embedded', dataDir }, quietLog)
    try {
      expect(statSync(dataDir).mode & 0o777).toBe(0o700)
      expect(existsSync(join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true)

      // A second opening of the folder, in this process as in another, stops in one line.
      const second = openDatabase({ kind: 'embedded', dataDir }, quietLog)
      await expect(second).rejects.toThrow(ConfigError)
      await expect(second).rejects.toThrow(
        `DATA_DIR ${dataDir} is in use by another running server`,
      )
      await second.catch((error: unknown) => {
        expect((error as Error).message).not.toContain('\n')
      })
    } finally {
      await opened.close()
    }
  })

  it('puts each commit on the disk (fsync) before its query resolves', async () => {
    // The server's worker (pglite-worker.ts) starts PGlite so; here, where fsync can be seen.
    const pglite = await startPglite(pgDataDir(dataDir))
    try {
      const fsync = vi.spyOn(fs, 'fsyncSync')
      await pglite.query(
        `insert into "user" (id, name, email) values ('u9', 'Kim', 'kim@example.com')`,
      )
      expect(fsync).toHaveBeenCalled()
    } finally {
      await pglite.close()
    }
  })
})

describe('PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>
  beforeAll(async () => {
    database = await createPostgresDatabase()
  })
  afterAll(() => database.drop())

  it('lets several instances start at once: the migrations run once, under their lock', async () => {
    const config: DatabaseConfig = { kind: 'postgres', url: database.url }
    const starts = await Promise.allSettled(
      Array.from({ length: 5 }, () => openDatabase(config, quietLog)),
    )
    const instances = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []))
    try {
      expect(starts.filter((start) => start.status === 'rejected')).toEqual([])
      const [first] = instances
      if (!first) throw new Error('no instance started')
      expect((await publicTables(first.db)).map((table) => table.name)).toEqual(TABLES)
      expect(await appliedMigrations(first.db)).toBe(journal.entries.length)
      // All five serve the same data.
      await first.db.insert(user).values({ id: 'u1', name: 'Ada', email: 'ada@example.com' })
      for (const instance of instances) {
        expect(await instance.db.select({ id: user.id }).from(user)).toEqual([{ id: 'u1' }])
      }
    } finally {
      await Promise.all(instances.map((instance) => instance.close()))
    }
  })

  it('outlives connections PostgreSQL drops, answering on new ones', async () => {
    const opened = await openDatabase({ kind: 'postgres', url: database.url }, quietLog)
    // Two idle connections in the pool.
    await Promise.all([opened.db.select().from(user), opened.db.select().from(user)])
    const admin = new pg.Client({ connectionString: database.url })
    await admin.connect()
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'cinelist'",
    )
    await admin.end()
    await vi.waitFor(async () => {
      expect(await opened.db.select({ id: user.id }).from(user)).toEqual([{ id: 'u1' }])
    })
    await opened.close()
  })

  it('that cannot be reached stops the start in one line, without the password', async () => {
    const attempt = openDatabase(
      { kind: 'postgres', url: 'postgres://cinelist:hunter2-secret@127.0.0.1:1/cinelist' },
      quietLog,
    )
    await expect(attempt).rejects.toThrow(ConfigError)
    await attempt.catch((error: unknown) => {
      const { message } = error as Error
      expect(message).toMatch(/^DATABASE_URL: cannot connect \(.*ECONNREFUSED.*\)$/)
      expect(message).not.toContain('hunter2')
    })
  })
})
