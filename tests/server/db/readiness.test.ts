// @vitest-environment node
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildApi } from '../../../server/app'
import { readServerConfig, type DatabaseConfig } from '../../../server/config'
import {
  FORCED_EXIT_MESSAGE,
  SHUTDOWN_EXIT_MARGIN_MS,
  stopGracefully,
} from '../../../server/lifecycle/shutdown'
import {
  createPostgresDatabase,
  freshEmbeddedDataDir,
  POSTGRES_URL,
  tempDir,
  TARGETS,
  type Target,
} from './support'
import { startForwarder, type Forwarder } from './tcp-forwarder'

vi.setConfig({ testTimeout: 60_000 })

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A database of the target's kind, PostgreSQL through a forwarder the test can break. */
async function databaseFor(
  target: Target,
): Promise<{ database: DatabaseConfig; forwarder?: Forwarder }> {
  if (target.kind === 'postgres') {
    const created = await createPostgresDatabase()
    const forwarder = await startForwarder(POSTGRES_URL)
    cleanups.push(created.drop, forwarder.close)
    return { database: { kind: 'postgres', url: forwarder.via(created.url) }, forwarder }
  }
  const dir = tempDir()
  cleanups.push(dir.remove)
  return { database: { kind: 'embedded', dataDir: freshEmbeddedDataDir(dir.path) } }
}

async function serverOver(target: Target) {
  const { database, forwarder } = await databaseFor(target)
  const lines: string[] = []
  const { app, state } = await buildApi(
    { ...readServerConfig({ ACCOUNTS: 'server', AUTH_SECRET: 'x'.repeat(32) }), database },
    { logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } },
  )
  await app.listen({ port: 0, host: '127.0.0.1' })
  /**
   * Makes the database stop answering: PostgreSQL's packets go nowhere; the embedded one is
   * held by a transaction that does not end. Returns what lets it answer again.
   */
  const wedge = (): (() => void) => {
    if (forwarder) {
      forwarder.hold(true)
      return () => {
        forwarder.hold(false)
      }
    }
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    void app.db.transaction(() => held)
    return release
  }
  const readiness = async () => {
    const answer = await app.inject({ url: '/readyz' })
    return { status: answer.statusCode, body: answer.json<{ status: string }>() }
  }
  return { app, state, lines, forwarder, wedge, readiness }
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const until = performance.now() + 10_000
  for (;;) {
    const value = await read()
    if (done(value) || performance.now() > until) return value
    await sleep(100)
  }
}

/** Readiness answers 503, the database unavailable, in less than `ms`. */
async function expectUnavailableWithin(
  readiness: () => Promise<{ status: number; body: { status: string } }>,
  ms: number,
) {
  const started = performance.now()
  expect(await readiness()).toEqual({ status: 503, body: { status: 'database unavailable' } })
  expect(performance.now() - started).toBeLessThan(ms)
}

describe.each(TARGETS)('readiness over $name', (target) => {
  it('answers 503 within about a second while the database does not answer, then ready again', async () => {
    const server = await serverOver(target)
    cleanups.push(() => server.app.close())
    expect(await server.readiness()).toEqual({ status: 200, body: { status: 'ready' } })

    const unwedge = server.wedge()
    await sleep(1100)
    await expectUnavailableWithin(server.readiness, 2000)
    expect((await server.app.inject({ url: '/healthz' })).statusCode).toBe(200)

    unwedge()
    const again = await eventually(server.readiness, ({ status }) => status === 200)
    expect(again).toEqual({ status: 200, body: { status: 'ready' } })
    const said = server.lines.map((line) => JSON.parse(line) as { msg: string })
    expect(said.filter(({ msg }) => msg.startsWith('not ready'))).toHaveLength(1)
  })

  it('exits 1 soon after the grace period when closing the database hangs', async () => {
    const server = await serverOver(target)
    const unwedge = server.wedge()
    // A query in flight when the signal comes, which the database never answers.
    const stuck = server.app.db.execute(sql`select 1`).catch(() => undefined)
    await sleep(50)

    const exits: number[] = []
    const graceMs = 300
    const started = performance.now()
    const stopping = stopGracefully(server.app, server.state, {
      graceMs,
      delayMs: 0,
      exit: (code) => exits.push(code),
    })('SIGTERM')
    await eventually(
      () => Promise.resolve(exits.length),
      (count) => count > 0,
    )
    const took = performance.now() - started
    expect(exits).toEqual([1])
    expect(took).toBeGreaterThanOrEqual(graceMs + SHUTDOWN_EXIT_MARGIN_MS - 50)
    expect(took).toBeLessThan(graceMs + SHUTDOWN_EXIT_MARGIN_MS + 1000)
    expect(server.lines.join('')).toContain(FORCED_EXIT_MESSAGE)

    // Let go, the database closes after all, and nothing more is said of the exit.
    unwedge()
    await stuck
    await stopping
    expect(exits).toEqual([1])
  })
})

describe('readiness over PostgreSQL when it refuses connections', () => {
  it('answers 503 while every connection is reset, and ready again once they are not', async () => {
    const server = await serverOver(TARGETS.find(({ kind }) => kind === 'postgres') as Target)
    cleanups.push(() => server.app.close())
    const forwarder = server.forwarder as Forwarder
    expect((await server.readiness()).status).toBe(200)

    forwarder.refuse(true)
    forwarder.cutAll()
    await sleep(1100)
    await expectUnavailableWithin(server.readiness, 1500)

    forwarder.refuse(false)
    expect((await eventually(server.readiness, ({ status }) => status === 200)).status).toBe(200)
  })
})
