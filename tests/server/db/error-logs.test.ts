// @vitest-environment node
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildApi } from '../../../server/app'
import { readServerConfig } from '../../../server/config'
import { add } from '../accounts/list-support'
import { targetConfig, TARGETS } from '../accounts/support'

vi.setConfig({ testTimeout: 60_000 })

const EMAIL = 'ann.lee@example.com'
const HEADERS = { 'content-type': 'application/json', origin: 'http://localhost:80' }

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function serverOver(target: (typeof TARGETS)[number]) {
  const { database, remove } = await targetConfig(target)
  const lines: string[] = []
  const { app } = await buildApi(
    {
      ...readServerConfig({ ACCOUNTS: 'server', AUTH_SECRET: 'x'.repeat(32) }),
      database,
    },
    { logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } },
  )
  cleanups.push(remove, () => app.close())
  return { app, lines }
}

async function signUp(app: FastifyInstance): Promise<string> {
  const password = 'Sunny-day7'
  const registered = await app.inject({
    method: 'POST',
    url: '/api/account/register',
    headers: HEADERS,
    payload: { name: 'Ann', email: EMAIL, password },
  })
  expect(registered.statusCode).toBe(201)
  const login = await app.inject({
    method: 'POST',
    url: '/api/account/login',
    headers: HEADERS,
    payload: { email: EMAIL, password },
  })
  return login.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
}

/** The error lines written since `from`: one per failed request, each a few kilobytes at most. */
function failures(lines: string[], from: number) {
  const failed = lines.slice(from).filter((line) => line.includes('"level":50'))
  for (const line of failed) {
    expect(line.length).toBeLessThan(4000)
    expect(line).not.toContain(EMAIL)
    expect(line).not.toContain('Film 1')
    expect(line).not.toContain('params')
  }
  return failed.map((line) => JSON.parse(line) as { msg: string; err: Record<string, unknown> })
}

describe.each(TARGETS)('a failed database write over $name', (target) => {
  it('logs the database’s code and message in one short line, never the list or the e-mail', async () => {
    const { app, lines } = await serverOver(target)
    const cookie = await signUp(app)

    await app.db.execute(sql`alter table list_entry add constraint full_up check (false) not valid`)
    const from = lines.length
    const changes = Array.from({ length: 5000 }, (_, i) => add(i + 1, 1_700_000_000_000 + i))
    const synced = await app.inject({
      method: 'POST',
      url: '/api/account/lists/sync',
      headers: { ...HEADERS, cookie },
      payload: JSON.stringify({ since: 0, changes }),
    })
    expect(synced.statusCode).toBe(500)
    expect(synced.json()).toEqual({ error: 'Server error' })
    const [failure, ...more] = failures(lines, from)
    expect(more).toEqual([])
    expect(failure?.err).toMatchObject({
      code: '23514',
      message: expect.stringContaining('violates check constraint "full_up"') as string,
      query: expect.stringContaining('insert into list_entry') as string,
    })
  })

  it('logs a failed registration’s cause without the e-mail it was for', async () => {
    const { app, lines } = await serverOver(target)
    await app.db.execute(sql`alter table "user" rename to user_away`)
    const from = lines.length
    const registered = await app.inject({
      method: 'POST',
      url: '/api/account/register',
      headers: HEADERS,
      payload: { name: 'Ann', email: EMAIL, password: 'Sunny-day7' },
    })
    expect(registered.statusCode).toBe(500)
    const [failure, ...more] = failures(lines, from)
    expect(more).toEqual([])
    expect(failure?.err).toMatchObject({
      code: '42P01',
      message: 'relation "user" does not exist',
    })
    await app.db.execute(sql`alter table user_away rename to "user"`)
  })
})
