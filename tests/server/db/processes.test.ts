// @vitest-environment node
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openDatabase } from '../../../server/db/open'
import { pgDataDir } from '../../../server/db/pglite'
import { user } from '../../../server/db/schema'
import {
  buildWithTestServer,
  controlFileState,
  copyDataDir,
  createPostgresDatabase,
  DB_IN_PRODUCTION,
  DB_SHUTDOWNED,
  makeTemplateDataDir,
  quietLog,
  run,
  startAccountsServer,
  TARGETS,
  tempDir,
} from './support'

// Each test starts and stops servers, which a machine busy with other work slows down.
vi.setConfig({ testTimeout: 60_000 })

let built: Awaited<ReturnType<typeof buildWithTestServer>>
let dir: ReturnType<typeof tempDir>
let template: string
let postgres: Awaited<ReturnType<typeof createPostgresDatabase>>
let copies = 0
beforeAll(async () => {
  dir = tempDir()
  ;[built, template, postgres] = await Promise.all([
    buildWithTestServer(),
    makeTemplateDataDir(dir.path),
    createPostgresDatabase(),
  ])
}, 120_000)
afterAll(async () => {
  built.remove()
  dir.remove()
  await postgres.drop()
})

/** A data folder of its own for one test: the embedded database's, or the shared PostgreSQL. */
function environment(kind: 'embedded' | 'postgres'): Record<string, string> {
  if (kind === 'postgres') return { DATABASE_URL: postgres.url }
  return { DATA_DIR: copyDataDir(template, join(dir.path, `data-${String(++copies)}`)) }
}

const post = (url: string, id: string) =>
  fetch(`${url}/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id, email: `${id}@example.com` }),
  })
const accountIds = async (url: string) =>
  ((await (await fetch(`${url}/accounts`)).json()) as { id: string }[]).map((row) => row.id)

/** Restores a backup as docs/operations.md says (into an empty DATA_DIR/pgdata) and lists its accounts. */
async function restoredAccountIds(backup: string): Promise<string[]> {
  const restored = join(dir.path, `restored-${String(++copies)}`)
  mkdirSync(pgDataDir(restored), { recursive: true, mode: 0o700 })
  execFileSync('tar', ['-xzf', backup, '-C', pgDataDir(restored)], { stdio: 'ignore' })
  const opened = await openDatabase({ kind: 'embedded', dataDir: restored }, quietLog)
  try {
    return (await opened.db.select({ id: user.id }).from(user).orderBy(user.id)).map(
      (row) => row.id,
    )
  } finally {
    await opened.close()
  }
}

describe.each(TARGETS)('a server over $name', ({ kind }) => {
  it('loses no acknowledged write when killed (SIGKILL) right after answering', async () => {
    const env = environment(kind)
    const server = await startAccountsServer(built.dir, env)
    const ids = Array.from({ length: 10 }, (_, index) => `${kind}-killed-${String(index)}`)
    for (const id of ids) expect((await post(server.url, id)).status).toBe(201)
    server.process.kill('SIGKILL')
    await server.exited
    if (env.DATA_DIR) expect(controlFileState(env.DATA_DIR)).toBe(DB_IN_PRODUCTION)

    // It starts again at once on the folder it left: recovered, every write there.
    const again = await startAccountsServer(built.dir, env)
    expect(await accountIds(again.url)).toEqual(expect.arrayContaining(ids))
    expect((await post(again.url, `${kind}-after`)).status).toBe(201)
    again.process.kill('SIGTERM')
    expect(await again.exited).toBe(0)
  })

  it('closes the database cleanly on SIGTERM and exits 0', async () => {
    const env = environment(kind)
    const server = await startAccountsServer(built.dir, env)
    expect((await post(server.url, `${kind}-stopped`)).status).toBe(201)
    server.process.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    if (env.DATA_DIR) {
      expect(controlFileState(env.DATA_DIR)).toBe(DB_SHUTDOWNED)
      expect(
        readdirSync(join(env.DATA_DIR, 'lock')).filter((name) => name.endsWith('.sock')),
      ).toEqual([])
    } else {
      const admin = new pg.Client({ connectionString: postgres.url })
      await admin.connect()
      const { rows } = await admin.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'cinelist'",
      )
      await admin.end()
      expect(rows[0]?.n).toBe(0)
    }
  })
})

describe('the embedded database’s data folder', () => {
  it('admits one process: a second server on it stops with a one-line error', async () => {
    const env = environment('embedded')
    const server = await startAccountsServer(built.dir, env)
    const second = run(join(built.dir, 'accounts-server.js'), env)
    expect(await second.exited).toBe(1)
    expect(second.output()).toBe(
      `Configuration error: DATA_DIR ${env.DATA_DIR ?? ''} is in use by another running server: one process per data folder (several need DATABASE_URL)\n`,
    )
    // The first one never noticed.
    expect((await post(server.url, 'still-serving')).status).toBe(201)
    server.process.kill('SIGTERM')
    expect(await server.exited).toBe(0)
  })

  it('of several servers started at once on it, exactly one serves', async () => {
    const env = environment('embedded')
    const servers = Array.from({ length: 4 }, () => run(join(built.dir, 'accounts-server.js'), env))
    const listening = await Promise.any(
      servers.map(async (server) => {
        await new Promise<void>((resolve, reject) => {
          server.process.stdout?.on('data', () => {
            if (server.output().includes('listening on')) resolve()
          })
          void server.exited.then(reject)
        })
        return server
      }),
    )
    const others = servers.filter((server) => server !== listening)
    expect(await Promise.all(others.map((server) => server.exited))).toEqual([1, 1, 1])
    for (const server of others) expect(server.output()).toMatch(/^Configuration error: .* in use/)
    listening.process.kill('SIGTERM')
    expect(await listening.exited).toBe(0)
  })

  it('is backed up by npm run db:backup from a running server, which goes on serving', async () => {
    const env = environment('embedded')
    const server = await startAccountsServer(built.dir, env)
    expect((await post(server.url, 'before-backup')).status).toBe(201)
    const file = join(dir.path, 'while-running.tar.gz')
    const backup = run(join(built.dir, 'db-backup.js'), env, [file])
    expect(await backup.exited).toBe(0)
    expect(backup.output()).toContain(`written by the running server to ${file}`)
    expect((await post(server.url, 'after-backup')).status).toBe(201)
    server.process.kill('SIGTERM')
    expect(await server.exited).toBe(0)

    expect(await restoredAccountIds(file)).toEqual(['before-backup'])
    expect(existsSync(`${file}.partial`)).toBe(false)
  })

  it('is backed up by npm run db:backup from the folder when no server runs', async () => {
    const env = environment('embedded')
    const server = await startAccountsServer(built.dir, env)
    expect((await post(server.url, 'stopped-then-backed-up')).status).toBe(201)
    server.process.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    const file = join(dir.path, 'while-stopped.tar.gz')
    const backup = run(join(built.dir, 'db-backup.js'), env, [file])
    expect(await backup.exited).toBe(0)
    expect(backup.output()).toContain(`written by the data folder to ${file}`)

    expect(await restoredAccountIds(file)).toEqual(['stopped-then-backed-up'])
  })
})

describe('npm run db:backup with DATABASE_URL', () => {
  it('leaves PostgreSQL to pg_dump, and says so', async () => {
    const backup = run(join(built.dir, 'db-backup.js'), { DATABASE_URL: postgres.url })
    expect(await backup.exited).toBe(1)
    expect(backup.output()).toBe(
      'Backup failed: DATABASE_URL is set: back PostgreSQL up with pg_dump (pg_dump --format=custom --file=cinelist.dump "$DATABASE_URL")\n',
    )
  })
})
