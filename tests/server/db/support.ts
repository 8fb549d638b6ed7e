import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
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
