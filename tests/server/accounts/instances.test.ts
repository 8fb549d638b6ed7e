// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  buildWithTestServer,
  createPostgresDatabase,
  startAccountsServer,
  tempDir,
  type Child,
} from '../db/support'

// Servers start and stop here, which a machine busy with other work slows down.
vi.setConfig({ testTimeout: 90_000 })

const DORA = { name: 'Dora', email: 'dora@example.com', password: 'Dora12!x' }

let built: Awaited<ReturnType<typeof buildWithTestServer>>
const started: Child[] = []
beforeAll(async () => {
  built = await buildWithTestServer()
}, 120_000)
afterAll(() => {
  for (const child of started) child.process.kill('SIGKILL')
  built.remove()
})

async function start(env: Record<string, string>) {
  const server = await startAccountsServer(built.dir, env)
  started.push(server)
  return server
}

const send = (url: string, path: string, method: string, body?: unknown, cookie = '') =>
  fetch(`${url}/api/account${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
const signIn = async (url: string, email: string, password: string) => {
  const response = await send(url, '/login', 'POST', { email, password })
  return {
    status: response.status,
    cookie: response.headers.getSetCookie()[0]?.split(';')[0] ?? '',
  }
}
const whoIs = async (url: string, cookie: string) =>
  (await send(url, '', 'GET', undefined, cookie)).status

describe('two server processes on one PostgreSQL', () => {
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>>
  let a: string
  let b: string
  beforeAll(async () => {
    postgres = await createPostgresDatabase()
    // Started together: their migrations race, and the advisory lock lets one run them.
    const [first, second] = await Promise.all([
      start({ DATABASE_URL: postgres.url }),
      start({ DATABASE_URL: postgres.url }),
    ])
    a = first.url
    b = second.url
  }, 90_000)
  afterAll(async () => {
    for (const child of started.splice(0)) child.process.kill('SIGTERM')
    await postgres.drop()
  })

  it('behave as one site: a session from one is valid on the other', async () => {
    expect((await send(a, '/register', 'POST', DORA)).status).toBe(201)
    expect((await send(b, '/register', 'POST', DORA)).status).toBe(409)
    const { status, cookie } = await signIn(a, DORA.email, DORA.password)
    expect(status).toBe(200)
    expect(await whoIs(b, cookie)).toBe(200)
    expect((await send(b, '/logout', 'POST', {}, cookie)).status).toBe(204)
    expect(await whoIs(a, cookie)).toBe(401)
  })

  it('share the sign-in limits', async () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      const url = attempt % 2 ? a : b
      expect((await signIn(url, DORA.email, 'Wrong1!x')).status).toBe(401)
    }
    expect((await signIn(b, DORA.email, DORA.password)).status).toBe(429)
    expect((await signIn(a, DORA.email, DORA.password)).status).toBe(429)
  })

  it('share the lists: an edit through one is read through the other, and syncs take turns', async () => {
    const finn = { name: 'Finn', email: 'finn@example.com', password: 'Finn12!x' }
    await send(a, '/register', 'POST', finn)
    const { cookie } = await signIn(a, finn.email, finn.password)
    const sync = async (url: string, body: unknown) => {
      const response = await send(url, '/lists/sync', 'POST', body, cookie)
      expect(response.status).toBe(200)
      return (await response.json()) as { seq: number; changes: { movieId: number }[] }
    }
    const entry = (movieId: number) => ({
      list: 'watchlist',
      movieId,
      present: true,
      editedAt: 1000,
      movie: { title: `Film ${movieId}` },
    })
    const written = await sync(a, { since: 0, changes: [entry(1)] })
    const read = await sync(b, { since: 0, changes: [] })
    expect(read.seq).toBe(written.seq)
    expect(read.changes).toEqual(written.changes)

    // At once, on both: each gets a counter value of its own, and both edits are kept.
    const both = await Promise.all([
      sync(a, { since: read.seq, changes: [entry(2)] }),
      sync(b, { since: read.seq, changes: [entry(3)] }),
    ])
    expect(both.map(({ seq }) => seq).sort()).toEqual([2, 3])
    const all = await sync(a, { since: 0, changes: [] })
    expect(all.changes.map(({ movieId }) => movieId).sort()).toEqual([1, 2, 3])
  })

  it('an account deleted on one is gone on the other', async () => {
    const eve = { name: 'Eve', email: 'eve@example.com', password: 'Eve123!x' }
    await send(a, '/register', 'POST', eve)
    const { cookie } = await signIn(a, eve.email, eve.password)
    expect((await send(b, '', 'DELETE', { password: eve.password }, cookie)).status).toBe(204)
    expect(await whoIs(a, cookie)).toBe(401)
    expect((await signIn(a, eve.email, eve.password)).status).toBe(401)
  })
})

describe('the limits of two server processes on one PostgreSQL', () => {
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>>
  let servers: string[] = []
  beforeAll(async () => {
    postgres = await createPostgresDatabase()
    const env = { DATABASE_URL: postgres.url, SIGNUP_LIMIT_PER_HOUR: '4', LOGIN_SLOWDOWN_MS: '0' }
    servers = (await Promise.all([start(env), start(env)])).map(({ url }) => url)
  }, 90_000)
  afterAll(async () => {
    for (const child of started.splice(0)) child.process.kill('SIGTERM')
    await postgres.drop()
  })
  const on = (i: number) => servers[i % 2] ?? ''

  it('count sign-ups sent to both at once together', async () => {
    const codes = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const person = { name: 'Gus', email: `gus${i}@example.com`, password: 'Gus123!x' }
        return (await send(on(i), '/register', 'POST', person)).status
      }),
    )
    expect(codes.filter((code) => code === 201)).toHaveLength(4)
    expect(codes.filter((code) => code === 429)).toHaveLength(6)
  })

  it('check at most five passwords of a burst sent to both at once', async () => {
    const codes = await Promise.all(
      Array.from(
        { length: 40 },
        async (_, i) => (await signIn(on(i), 'gus0@example.com', 'Wrong1!x')).status,
      ),
    )
    expect(codes.filter((code) => code === 401)).toHaveLength(5)
    expect(codes.filter((code) => code === 429)).toHaveLength(35)
  })
})

describe('the embedded database under the account API', () => {
  it('keeps a registration answered 201 when the server is killed (SIGKILL) at once', async () => {
    const dir = tempDir()
    try {
      const first = await start({ DATA_DIR: dir.path })
      expect((await send(first.url, '/register', 'POST', DORA)).status).toBe(201)
      first.process.kill('SIGKILL')
      await first.exited
      const second = await start({ DATA_DIR: dir.path })
      expect((await signIn(second.url, DORA.email, DORA.password)).status).toBe(200)
      second.process.kill('SIGTERM')
      expect(await second.exited).toBe(0)
    } finally {
      dir.remove()
    }
  })
})
