// @vitest-environment node
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Database } from '../../../server/db/database'
import {
  accountsApp,
  cookieOf,
  expectTooMany,
  logCollector,
  rowsOf,
  SAME_ORIGIN_JSON,
  TARGETS,
  targetConfig,
} from './support'

// Opening a fresh database (PGlite migrating its schema) takes more than the default 10 s of a
// hook on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 })

const ALICE = { name: 'Alice', email: 'alice@example.com', password: 'Secret1!' }

describe.each(TARGETS)('the account API on $name', (target) => {
  let app: FastifyInstance
  let remove: () => Promise<void>
  const log = logCollector()

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url,
      payload: JSON.stringify(payload),
      headers: { ...SAME_ORIGIN_JSON, ...headers },
    })
  const signIn = async (email = ALICE.email, password = ALICE.password) => {
    const response = await post('/api/account/login', { email, password })
    expect(response.statusCode).toBe(200)
    return cookieOf(response)
  }
  const whoIs = (cookie: string) =>
    app.inject({ method: 'GET', url: '/api/account', headers: { cookie } })

  beforeAll(async () => {
    const config = await targetConfig(target)
    remove = config.remove
    app = await accountsApp(config.database, {
      loginLimits: { perAccount: 5, perClient: 12, windowSeconds: 900, slowdownStepMs: 100 },
      logger: log.logger,
    })
  })
  afterAll(async () => {
    await app.close()
    await remove()
  })

  it('registers with the spec’s rules and messages, once per e-mail', async () => {
    const created = await post('/api/account/register', ALICE)
    expect(created.statusCode).toBe(201)
    expect(created.json()).toEqual({ name: 'Alice', email: ALICE.email })
    expect(created.headers['set-cookie']).toBeUndefined()
    expect(created.headers['cache-control']).toBe('no-store')

    const again = await post('/api/account/register', { ...ALICE, email: 'ALICE@example.com' })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ error: 'Email already registered' })

    const weak = await post('/api/account/register', {
      name: 'bob',
      email: 'bob@x',
      password: 'abc',
    })
    expect(weak.statusCode).toBe(400)
    expect(weak.json()).toEqual({
      error: 'Please fix the errors',
      fields: {
        name: 'Start with capital letter & 3–12 letters only',
        email: 'Invalid email format',
        password: 'Must include uppercase, lowercase, number & symbol',
      },
    })
    const huge = await post('/api/account/register', { ...ALICE, name: 'A'.repeat(5000) })
    expect(huge.statusCode).toBe(400)
    expect(huge.json()).toEqual({ error: 'Invalid request' })
  })

  it('signs in with an httpOnly SameSite=Lax cookie, and GET /api/account says who', async () => {
    const response = await post('/api/account/login', {
      email: 'Alice@Example.com',
      password: ALICE.password,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ name: 'Alice', email: ALICE.email })
    const [setCookie] = [response.headers['set-cookie']].flat()
    expect(setCookie).toMatch(/^cinelist-session=[^;]+;/)
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/SameSite=Lax/i)
    expect(response.headers['cache-control']).toBe('no-store')

    const who = await whoIs(cookieOf(response))
    expect(who.statusCode).toBe(200)
    expect(who.json()).toEqual({ name: 'Alice', email: ALICE.email })
    expect(who.headers['cache-control']).toBe('no-store')
    expect((await whoIs('')).statusCode).toBe(401)
    expect((await whoIs('cinelist-session=forged.value')).statusCode).toBe(401)
  })

  it('behind a TLS proxy names the cookie __Host- and marks it Secure', async () => {
    const config = await targetConfig(target)
    const proxied = await accountsApp(config.database, { trustProxy: true })
    try {
      await proxied.inject({
        method: 'POST',
        url: '/api/account/register',
        payload: ALICE,
        headers: { 'content-type': 'application/json' },
      })
      const response = await proxied.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { email: ALICE.email, password: ALICE.password },
        headers: {
          'content-type': 'application/json',
          'x-forwarded-proto': 'https',
          origin: 'https://localhost:80',
          host: 'localhost:80',
        },
      })
      expect(response.statusCode).toBe(200)
      const [setCookie] = [response.headers['set-cookie']].flat()
      expect(setCookie).toMatch(/^__Host-cinelist-session=/)
      expect(setCookie).toMatch(/; Secure/i)
      expect(setCookie).not.toMatch(/Domain=/i)
    } finally {
      await proxied.close()
      await config.remove()
    }
  })

  it('renews a session in use at most daily, and ends one unused for 30 days', async () => {
    // Days go by for the sessions alone: the embedded database's own timers read the clock, and
    // a faked one moved 62 days ahead left it re-arming a timer every millisecond.
    const daysGoBy = (days: number) =>
      app.db.execute(
        sql`update session set expires_at = expires_at - ${days}::int * interval '1 day',
          updated_at = updated_at - ${days}::int * interval '1 day'`,
      )
    const cookie = await signIn()
    expect((await whoIs(cookie)).headers['set-cookie']).toBeUndefined()
    await daysGoBy(2)
    const renewed = await whoIs(cookie)
    expect(renewed.statusCode).toBe(200)
    expect([renewed.headers['set-cookie']].flat().join()).toMatch(/Max-Age=2592000/)
    await daysGoBy(29)
    expect((await whoIs(cookie)).statusCode).toBe(200)
    await daysGoBy(31)
    expect((await whoIs(cookie)).statusCode).toBe(401)
  })

  it('logout ends the session on the server: the old cookie then gets 401', async () => {
    const cookie = await signIn()
    const out = await post('/api/account/logout', {}, { cookie })
    expect(out.statusCode).toBe(204)
    expect([out.headers['set-cookie']].flat().join()).toMatch(/cinelist-session=;|Max-Age=0/i)
    expect((await whoIs(cookie)).statusCode).toBe(401)
    expect((await post('/api/account/logout', {})).statusCode).toBe(204)
  })

  it('refuses a cross-site form post, a foreign Origin and a cross-site fetch', async () => {
    const cookie = await signIn()
    // A form's body, and a fetch's that a page may send cross-site without asking first.
    for (const [url, contentType, payload] of [
      ['/api/account/logout', 'application/x-www-form-urlencoded', 'x=1'],
      ['/api/account/sign-out-everywhere', 'text/plain', '{}'],
    ]) {
      const response = await app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': contentType, cookie },
      })
      expect(response.statusCode, contentType).toBe(415)
    }
    const crossSites: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ]
    for (const crossSite of crossSites) {
      const response = await post('/api/account/sign-out-everywhere', {}, { cookie, ...crossSite })
      expect(response.statusCode, JSON.stringify(crossSite)).toBe(403)
      expect(response.json()).toEqual({ error: 'Cross-site request refused' })
    }
    // None of them ended the session.
    expect((await whoIs(cookie)).statusCode).toBe(200)
  })

  it('answers a wrong password and an unknown e-mail alike, five times, then 429 with Retry-After', async () => {
    const address = { 'x-forwarded-for': '203.0.113.9' }
    const wrong = await post(
      '/api/account/login',
      { email: ALICE.email, password: 'Wrong1!x' },
      address,
    )
    const unknown = await post(
      '/api/account/login',
      { email: 'nobody@example.com', password: 'Wrong1!x' },
      address,
    )
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.body).toBe(unknown.body)
    expect(wrong.json()).toEqual({ error: 'Incorrect email or password' })

    for (let attempt = 2; attempt <= 5; attempt++) {
      const response = await post('/api/account/login', {
        email: ALICE.email,
        password: 'Wrong1!x',
      })
      expect(response.statusCode).toBe(401)
    }
    // The sixth, even with the right password, is refused without a check.
    const refused = await post('/api/account/login', {
      email: ALICE.email,
      password: ALICE.password,
    })
    expectTooMany(refused, 900, 'Too many failed sign-in attempts. Try again in 15 minutes.')
    // The same for an e-mail nobody registered: the limit tells nothing of who has an account.
    for (let attempt = 2; attempt <= 5; attempt++) {
      await post('/api/account/login', { email: 'nobody@example.com', password: 'Wrong1!x' })
    }
    const nobody = await post('/api/account/login', {
      email: 'nobody@example.com',
      password: 'Wrong1!x',
    })
    expect(nobody.statusCode).toBe(429)
  })

  it('renames, changes the password (ending other sessions) and signs out everywhere', async () => {
    await post('/api/account/register', {
      name: 'Dora',
      email: 'dora@example.com',
      password: 'Dora12!x',
    })
    const first = await signIn('dora@example.com', 'Dora12!x')
    const second = await signIn('dora@example.com', 'Dora12!x')
    const patch = (cookie: string, payload: unknown) =>
      app.inject({
        method: 'PATCH',
        url: '/api/account',
        payload: JSON.stringify(payload),
        headers: { ...SAME_ORIGIN_JSON, cookie },
      })

    expect((await patch(first, { name: 'dora' })).json()).toEqual({
      error: 'Start with capital letter & 3–12 letters only',
      fields: { name: 'Start with capital letter & 3–12 letters only' },
    })
    const renamed = await patch(first, { name: 'Dorothea' })
    expect(renamed.json()).toEqual({ name: 'Dorothea', email: 'dora@example.com' })
    expect((await whoIs(second)).json()).toMatchObject({ name: 'Dorothea' })
    expect((await patch('', { name: 'Dorothea' })).statusCode).toBe(401)

    const wrong = await post(
      '/api/account/password',
      { currentPassword: 'Nope12!x', newPassword: 'Newer1!x' },
      { cookie: first },
    )
    expect(wrong.statusCode).toBe(403)
    expect(wrong.json()).toEqual({ error: 'Incorrect password' })
    const changed = await post(
      '/api/account/password',
      { currentPassword: 'Dora12!x', newPassword: 'Newer1!x' },
      { cookie: first },
    )
    expect(changed.statusCode).toBe(204)
    expect((await whoIs(second)).statusCode).toBe(401)
    const current = cookieOf(changed) || first
    expect((await whoIs(current)).statusCode).toBe(200)

    const third = await signIn('dora@example.com', 'Newer1!x')
    const everywhere = await post('/api/account/sign-out-everywhere', {}, { cookie: current })
    expect(everywhere.statusCode).toBe(204)
    expect((await whoIs(current)).statusCode).toBe(401)
    expect((await whoIs(third)).statusCode).toBe(401)
  })

  it('deletes an account with its password and keeps nothing of it in any table', async () => {
    await post('/api/account/register', {
      name: 'Eve',
      email: 'eve@example.com',
      password: 'Eve123!x',
    })
    await post('/api/account/login', { email: 'eve@example.com', password: 'Wrong1!x' })
    const cookie = await signIn('eve@example.com', 'Eve123!x')
    const id = (await app.accounts.auth.signedInUser(new Headers({ cookie }), false))?.id
    expect(id).toBeTruthy()
    const remove = (password: string) =>
      app.inject({
        method: 'DELETE',
        url: '/api/account',
        payload: JSON.stringify({ password }),
        headers: { ...SAME_ORIGIN_JSON, cookie },
      })

    const lists = await post(
      '/api/account/lists/sync',
      {
        since: 0,
        changes: [
          { list: 'favorites', movieId: 7, present: true, editedAt: 1, movie: { title: 'Heat' } },
          { list: 'seen', movieId: 8, present: false, editedAt: 1 },
        ],
        hideSeen: { value: true, editedAt: 1 },
      },
      { cookie },
    )
    expect(lists.statusCode).toBe(200)

    expect((await remove('Wrong1!x')).statusCode).toBe(403)
    expect((await whoIs(cookie)).statusCode).toBe(200)
    const deleted = await remove('Eve123!x')
    expect(deleted.statusCode).toBe(204)
    expect((await whoIs(cookie)).statusCode).toBe(401)

    const db: Database = app.db
    const tables = await rowsOf<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public'`,
    )
    expect(tables.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['user', 'session', 'account', 'list_entry', 'list_sync']),
    )
    for (const { name } of tables) {
      const rows = await rowsOf<Record<string, unknown>>(
        db,
        sql`select * from ${sql.identifier(name)}`,
      )
      const text = JSON.stringify(rows)
      expect(text, name).not.toContain(id)
      expect(text, name).not.toContain('eve@example.com')
    }
  })

  it('slows, then refuses, one client trying many accounts', async () => {
    // Each account stays under its own limit; the address's failures add up.
    const attempt = async (n: number) => {
      const started = performance.now()
      const response = await app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: JSON.stringify({ email: `carol${n}@example.com`, password: 'Wrong1!x' }),
        headers: SAME_ORIGIN_JSON,
        // An address of its own: the other tests' failures come from 127.0.0.1.
        remoteAddress: '198.51.100.7',
      })
      return { status: response.statusCode, ms: performance.now() - started }
    }
    // Five failures, as one person mistyping makes, are not held back; from the sixth on, each
    // answer waits 100 ms longer than the one before (a lower bound: a busy machine only adds).
    for (let n = 1; n <= 5; n++) expect((await attempt(n)).status).toBe(401)
    for (let n = 6; n <= 11; n++) {
      const { status, ms } = await attempt(n)
      expect(status).toBe(401)
      expect(ms).toBeGreaterThanOrEqual((n - 6) * 100)
    }
    // The twelfth failure was the limit: the address is refused, for any e-mail.
    expect((await attempt(12)).status).toBe(401)
    const refused = await attempt(99)
    expect(refused.status).toBe(429)
  })

  it('logs users by id only: no e-mail, password, cookie or token', () => {
    const text = log.lines.join('\n')
    expect(text).toMatch(/"userId":"[^"]+"/)
    for (const secret of [
      'alice@example.com',
      'dora@example.com',
      'eve@example.com',
      'Secret1!',
      'Wrong1!x',
      'cinelist-session',
    ]) {
      expect(text).not.toContain(secret)
    }
  })
})
