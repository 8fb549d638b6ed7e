import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { build } from 'vite'
import { inject } from 'vitest'
import type { DatabaseConfig } from '../../../server/config'
import { openDatabase } from '../../../server/db/open'
import { pgDataDir } from '../../../server/db/pglite'

export const ROOT = new URL('../../../', import.meta.url).pathname

/** The PostgreSQL server the tests run against (`.ci/run` starts one when the machine has none). */
export const POSTGRES_URL =
  process.env.DATABASE_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

export const quietLog = { info: () => undefined, error: () => undefined }

/** A database of its own on the test server, for one test file; dropped afterwards. */
export async function createPostgresDatabase(): Promise<{
  url: string
  drop: () => Promise<void>
}> {
  const name = `cinelist_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: POSTGRES_URL })
  try {
    await admin.connect()
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${POSTGRES_URL} (${(error as Error).message}): the database tests need one; set DATABASE_TEST_URL, or run .ci/run, which starts one`,
    )
  }
  await admin.query(`CREATE DATABASE "${name}"`)
  await admin.end()
  const url = new URL(POSTGRES_URL)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_URL })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await client.end()
    },
  }
}

export function tempDir(): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), 'cinelist-db-'))
  return {
    path,
    remove: () => {
      rmSync(path, { recursive: true, force: true })
    },
  }
}

/**
 * A migrated embedded database, closed cleanly, that tests copy rather than each paying for a
 * first start (PGlite's initdb takes seconds). Under `parent`.
 */
export async function makeTemplateDataDir(parent: string): Promise<string> {
  const dataDir = join(parent, 'template')
  const opened = await openDatabase({ kind: 'embedded', dataDir }, quietLog)
  await opened.close()
  return dataDir
}

export function copyDataDir(template: string, to: string): string {
  cpSync(template, to, { recursive: true })
  return to
}

/**
 * A new, empty, migrated embedded database's directory, under `parent`: a copy of the one the
 * run made at its start (tests/server/global-setup.ts), not another initdb.
 */
export const freshEmbeddedDataDir = (parent: string): string =>
  copyDataDir(inject('embeddedTemplate'), join(parent, 'data'))

/** PostgreSQL's control file says how the data directory was left: 1 shut down, 6 running. */
export const DB_SHUTDOWNED = 1
export const DB_IN_PRODUCTION = 6
export const controlFileState = (dataDir: string) =>
  readFileSync(join(pgDataDir(dataDir), 'global', 'pg_control')).readInt32LE(16)

/** The two databases every shared test runs against. */
export interface Target {
  name: string
  kind: DatabaseConfig['kind']
}
export const TARGETS: Target[] = [
  { name: 'the embedded database (PGlite)', kind: 'embedded' },
  { name: 'PostgreSQL', kind: 'postgres' },
]

/**
 * The server's build (server/vite.config.ts) with a test server beside its entries, as
 * `npm run build` would make it: migrations and chunks where the bundle expects them. `inputs`
 * adds other entries (name: file under the repository).
 */
export async function buildWithTestServer(
  inputs: Record<string, string> = {},
): Promise<{ dir: string; remove: () => void }> {
  // Inside the repository, so that the bundle finds node_modules and is an ES module.
  const dir = join(ROOT, `dist-server-test-${randomBytes(4).toString('hex')}`)
  await build({
    configFile: join(ROOT, 'server/vite.config.ts'),
    logLevel: 'silent',
    build: {
      outDir: dir,
      sourcemap: false,
      rolldownOptions: {
        input: {
          'accounts-server': join(ROOT, 'tests/server/db/fixtures/accounts-server.ts'),
          ...Object.fromEntries(
            Object.entries(inputs).map(([name, file]) => [name, join(ROOT, file)]),
          ),
        },
      },
    },
  })
  return {
    dir,
    remove: () => {
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export interface Child {
  process: ChildProcess
  /** What it wrote to stdout and stderr so far. */
  output: () => string
  exited: Promise<number | null>
}

/** Runs a built entry with the environment given (and nothing of the test's own database settings). */
export function run(file: string, env: Record<string, string>, args: string[] = []): Child {
  const child = spawn(process.execPath, [file, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      resolve(code)
    })
  })
  return { process: child, output: () => output, exited }
}

/**
 * The test server (or another built `entry`), listening: its base URL once it says so, or its
 * output if it exits first.
 */
export async function startAccountsServer(
  dir: string,
  env: Record<string, string>,
  entry = 'accounts-server',
): Promise<Child & { url: string }> {
  const child = run(join(dir, `${entry}.js`), env)
  const url = await new Promise<string>((resolve, reject) => {
    const onData = () => {
      const match = /listening on (http:\/\/\S+)/.exec(child.output())
      if (match?.[1]) resolve(match[1])
    }
    child.process.stdout?.on('data', onData)
    void child.exited.then((code) => {
      reject(new Error(`the server exited (${String(code)}) before listening: ${child.output()}`))
    })
  })
  return { ...child, url }
}
