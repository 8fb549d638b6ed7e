// @vitest-environment node
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { MAX_SESSIONS_PER_ACCOUNT } from '../../../server/accounts/auth'
import { add } from './list-support'
import {
  accountsApp,
  cookieOf,
  expectTooMany,
  rowsOf,
  SAME_ORIGIN_JSON,
  TARGETS,
  targetConfig,
} from './support'

// Opening a fresh database (PGlite migrating its schema) takes more than the default 10 s of a
// hook on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

const PASSWORD = 'Secret1!'

describe.each(TARGETS)('the accounts’ limits on $name', (target) => {
  let app: FastifyInstance
  let remove: () => Promise<void>

  const post = (url: string, payload: unknown, remoteAddress = '127.0.0.1', cookie = '') =>
    app.inject({
      method: 'POST',
      url: `/api/account${url}`,
      payload: JSON.stringify(payload),
      headers: { ...SAME_ORIGIN_JSON, ...(cookie ? { cookie } : {}) },
      remoteAddress,
    })
  const login = (email: string, password: string, from: string) =>
    post('/login', { email, password }, from)
  const register = (name: string, email: string, from: string) =>
    post('/register', { name, email, password: PASSWORD }, from)
  const statuses = (responses: { statusCode: number }[]) =>
    responses.map((response) => response.statusCode)
  const count = (codes: number[], code: number) => codes.filter((c) => c === code).length

  beforeAll(async () => {
    const config = await targetConfig(target)
    remove = config.remove
    app = await accountsApp(config.database, {
      loginLimits: { perAccount: 5, perClient: 30, windowSeconds: 900, slowdownStepMs: 0 },
      requestLimits: { signupsPerHour: 3, syncsPerMinute: 4 },
    })
    for (const [name, email, from] of [
      ['Alice', 'alice@example.com', '10.0.0.1'],
      ['Bob', 'bob@example.com', '10.0.0.2'],
      ['Carol', 'carol@example.com', '10.0.0.3'],
    ] as const) {
      expect((await register(name, email, from)).statusCode).toBe(201)
    }
  })
  afterAll(async () => {
    await app.close()
    await remove()
  })

  it('checks at most five passwords of a burst of 60 wrong ones sent at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => login('alice@example.com', 'Wrong1!x', '192.0.2.1')),
    )
    const codes = statuses(answers)
    expect(count(codes, 401)).toBe(5)
    expect(count(codes, 429)).toBe(55)
  })

  it('lets no right password in past the limit when it is sent among 39 wrong ones', async () => {
    const guesses = Array.from({ length: 40 }, (_, i) => (i === 39 ? PASSWORD : 'Wrong1!x'))
    const codes = statuses(
      await Promise.all(guesses.map((guess) => login('bob@example.com', guess, '192.0.2.2'))),
    )
    // No more than five wrong passwords are checked, whichever of them came first; the right
    // one got in only if it was among the first tries, and then it took no wrong one's place.
    expect(count(codes, 401)).toBeLessThanOrEqual(5)
    expect(count(codes, 401) + count(codes, 200)).toBeLessThanOrEqual(6)
    expect(count(codes, 429)).toBeGreaterThanOrEqual(34)
  })

  it('never refuses the owner’s right password because strangers failed', async () => {
    for (const from of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      const codes = statuses(
        await Promise.all(
          Array.from({ length: 7 }, () => login('carol@example.com', 'Wrong1!x', from)),
        ),
      )
      expect(count(codes, 429)).toBe(2)
    }
    const owner = await login('carol@example.com', PASSWORD, '10.0.0.3')
    expect(owner.statusCode).toBe(200)
    // Again and again: the strangers' refusals do not come back to the owner.
    expect((await login('carol@example.com', PASSWORD, '10.0.0.3')).statusCode).toBe(200)
    expect((await login('carol@example.com', 'Wrong1!x', '198.51.100.1')).statusCode).toBe(429)
  })

  it('refuses one client trying many e-mails at once past its 30', async () => {
    const codes = statuses(
      await Promise.all(
        Array.from({ length: 45 }, (_, i) =>
          login(`nobody${i}@example.com`, 'Wrong1!x', '192.0.2.9'),
        ),
      ),
    )
    expect(count(codes, 401)).toBe(30)
    expect(count(codes, 429)).toBe(15)
  })

  it('limits sign-ups per client, duplicates too, with Retry-After and a message', async () => {
    const from = '203.0.113.50'
    expect((await register('Dora', 'dora@example.com', from)).statusCode).toBe(201)
    expect((await register('Dora', 'dora@example.com', from)).statusCode).toBe(409)
    // A burst sent at once is counted too: one more is let through, the rest refused.
    const codes = statuses(
      await Promise.all(
        Array.from({ length: 6 }, (_, i) => register('Ezra', `ezra${i}@example.com`, from)),
      ),
    )
    expect(count(codes, 201)).toBe(1)
    expect(count(codes, 429)).toBe(5)
    expectTooMany(
      await register('Finn', 'finn@example.com', from),
      3600,
      'Too many sign-ups from this address. Try again in 60 minutes.',
    )
    // Another address is not held back.
    expect((await register('Finn', 'finn@example.com', '203.0.113.51')).statusCode).toBe(201)
  })

  it('limits list syncs per account, on every device together', async () => {
    const cookie = cookieOf(await login('alice@example.com', PASSWORD, '10.0.0.1'))
    const codes = statuses(
      await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          post('/lists/sync', { since: 0, changes: [add(i + 1, 1000)] }, `10.1.0.${i}`, cookie),
        ),
      ),
    )
    expect(count(codes, 200)).toBe(4)
    expect(count(codes, 429)).toBe(2)
    const refused = await post('/lists/sync', { since: 0, changes: [] }, '10.1.0.9', cookie)
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60)
    expect(refused.json<{ error: string }>().error).toMatch(
      /^Too many syncs for this account\. Try again in \d+ seconds?\.$/,
    )
  })

  it(`keeps the newest ${String(MAX_SESSIONS_PER_ACCOUNT)} sessions of an account, and prunes ended ones`, async () => {
    const cookies: string[] = []
    for (let i = 0; i <= MAX_SESSIONS_PER_ACCOUNT; i++) {
      const answer = await login('bob@example.com', PASSWORD, `10.2.${Math.floor(i / 4)}.${i % 4}`)
      expect(answer.statusCode).toBe(200)
      cookies.push(cookieOf(answer))
    }
    const who = (cookie: string) =>
      app.inject({ method: 'GET', url: '/api/account', headers: { cookie } })
    expect((await who(cookies[0] ?? '')).statusCode).toBe(401)
    expect((await who(cookies[1] ?? '')).statusCode).toBe(200)
    expect((await who(cookies.at(-1) ?? '')).statusCode).toBe(200)
    const sessionsOf = async () =>
      (
        await rowsOf<{ n: number }>(
          app.db,
          sql`select count(*)::int as n from session s join "user" u on u.id = s.user_id where u.email = 'bob@example.com'`,
        )
      )[0]?.n
    expect(await sessionsOf()).toBe(MAX_SESSIONS_PER_ACCOUNT)

    await app.db.execute(
      sql`update session set expires_at = now() - interval '1 minute' where token in (select s.token from session s join "user" u on u.id = s.user_id where u.email = 'bob@example.com' order by s.created_at limit 10)`,
    )
    await app.accounts.auth.pruneSessions()
    expect(await sessionsOf()).toBe(MAX_SESSIONS_PER_ACCOUNT - 10)
    expect((await who(cookies.at(-1) ?? '')).statusCode).toBe(200)
  })

  it('keeps nothing of a deleted account’s sign-in counts', async () => {
    await login('carol@example.com', 'Wrong1!x', '10.9.9.9')
    const cookie = cookieOf(await login('carol@example.com', PASSWORD, '10.0.0.3'))
    const before = await rowsOf<{ key: string }>(app.db, sql`select key from rate_limit`)
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/account',
      payload: JSON.stringify({ password: PASSWORD }),
      headers: { ...SAME_ORIGIN_JSON, cookie },
    })
    expect(deleted.statusCode).toBe(204)
    const after = await rowsOf<{ key: string }>(app.db, sql`select key from rate_limit`)
    const ofCarol = (rows: { key: string }[]) =>
      rows.filter(({ key }) => key.startsWith('login-account:') || key.startsWith('login-pair:'))
    expect(ofCarol(after).length).toBeLessThan(ofCarol(before).length)
    expect(after.some(({ key }) => key.includes('10.9.9.9') && key.startsWith('login-pair:'))).toBe(
      false,
    )
  })
})
