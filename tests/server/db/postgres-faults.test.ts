// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { add } from '../accounts/list-support'
import { buildServerBundle, startServerProcess, type ServerProcess } from '../server-process'
import { makeDist } from '../support'
import { createPostgresDatabase, POSTGRES_URL } from './support'
import { startForwarder, type Forwarder } from './tcp-forwarder'

vi.setConfig({ testTimeout: 60_000 })

let forwarder: Forwarder
let server: ServerProcess
let base: string
const cleanups: (() => Promise<unknown>)[] = []
beforeAll(async () => {
  const [bundle, dist, postgres] = await Promise.all([
    buildServerBundle('postgres-faults-server'),
    makeDist(),
    createPostgresDatabase(),
  ])
  forwarder = await startForwarder(POSTGRES_URL)
  cleanups.push(bundle.remove, dist.remove, postgres.drop, forwarder.close)
  server = await startServerProcess(bundle.main, {
    DIST_DIR: dist.dir,
    DATABASE_URL: forwarder.via(postgres.url),
    AUTH_SECRET: 'a-test-secret-of-at-least-32-characters',
    LOG_LEVEL: 'info',
  })
  base = `http://127.0.0.1:${String(server.port)}`
  cleanups.push(() => {
    server.child.kill('SIGKILL')
    return server.exited
  })
}, 120_000)
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

const JSON_HEADERS = { 'content-type': 'application/json' }
const EMAIL = 'ann.lee@example.com'

async function signUp(): Promise<string> {
  const body = JSON.stringify({ name: 'Ann', email: EMAIL, password: 'Sunny-day7' })
  const registered = await fetch(`${base}/api/account/register`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body,
  })
  expect(registered.status).toBe(201)
  const login = await fetch(`${base}/api/account/login`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ email: EMAIL, password: 'Sunny-day7' }),
  })
  expect(login.status).toBe(200)
  return login.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

const sync = (cookie: string, changes: unknown[]) =>
  fetch(`${base}/api/account/lists/sync`, {
    method: 'POST',
    headers: { ...JSON_HEADERS, cookie },
    body: JSON.stringify({ since: 0, changes }),
  })

const logLines = () =>
  server
    .log()
    .split('\n')
    .filter((line) => line.startsWith('{'))

describe('npm start over PostgreSQL, when a connection drops', () => {
  it('answers the request that held it 503, replaces the connection, and goes on serving', async () => {
    const cookie = await signUp()
    const entries = Array.from({ length: 5000 }, (_, i) => add(i + 1, 1_700_000_000_000 + i))

    // The 5,000 entries' write is the one the connection is reset under, mid-transaction.
    const cut = forwarder.cutWhenSent('insert into list_entry')
    const syncing = sync(cookie, entries)
    const others = Array.from({ length: 5 }, () =>
      fetch(`${base}/api/account`, { headers: { cookie } }),
    )
    await cut
    const failed = await syncing
    expect(failed.status).toBe(503)
    expect(await failed.json()).toEqual({ error: expect.any(String) as string })
    for (const other of await Promise.all(others)) expect(other.status).toBe(200)

    // Still serving, with a new connection: the same sync goes through.
    expect(server.child.exitCode).toBeNull()
    expect((await fetch(`${base}/readyz`)).status).toBe(200)
    const retried = await sync(cookie, entries)
    expect(retried.status).toBe(200)
    expect(((await retried.json()) as { seq: number }).seq).toBe(1)

    // The connection's failure, with its cause, and the request's: short, and none of the list.
    await server.logged('account request failed')
    const said = logLines().map((line) => JSON.parse(line) as { msg: string; err?: object })
    const dropped = said.filter(({ msg }) => msg === 'a PostgreSQL connection failed')
    expect(dropped.map(({ err }) => (err as { code?: string } | undefined)?.code)).toEqual([
      'ECONNRESET',
    ])
    expect(said.filter(({ msg }) => msg === 'account request failed')).toHaveLength(1)
    for (const line of logLines()) {
      expect(line.length).toBeLessThan(4000)
      expect(line).not.toContain('Film 1')
      expect(line).not.toContain(EMAIL)
    }
  })
})
