// @vitest-environment node
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import health, { type HealthOptions } from '../../../server/routes/health'
import { serverTestBed } from '../support'

const bed = serverTestBed()
const app = bed.app

/** A database whose `select 1` does what the test says, and how often it was asked. */
function fakeDatabase(answer: () => Promise<unknown>) {
  const calls = { count: 0 }
  const db = {
    execute: () => {
      calls.count += 1
      return answer()
    },
  } as unknown as NonNullable<HealthOptions['db']>
  return { db, calls }
}

async function healthApp(options: HealthOptions, logger: object | false = false) {
  const server = Fastify({ logger })
  bed.apps.push(server)
  await server.register(health, options)
  return server
}

function logCollector() {
  const lines: string[] = []
  return { lines, logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } }
}

const never = () => new Promise<never>(() => undefined)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('health checks', () => {
  it('reports health and readiness, with no database to check under ACCOUNTS=local', async () => {
    const server = await app()
    expect(server.hasDecorator('db')).toBe(false)
    expect((await server.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' })
    const ready = await server.inject({ url: '/readyz' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: 'ready' })
  })

  it('turns /readyz to 503 once the server stops accepting, and stays alive', async () => {
    const state = { accepting: true }
    const server = await healthApp({ state })
    state.accepting = false
    const ready = await server.inject({ url: '/readyz' })
    expect(ready.statusCode).toBe(503)
    expect(ready.json()).toEqual({ status: 'shutting down' })
    expect(ready.headers['cache-control']).toBe('no-store')
    const alive = await server.inject({ url: '/healthz' })
    expect(alive.statusCode).toBe(200)
    expect(alive.headers['cache-control']).toBe('no-store')
  })
})

describe('readiness with a database', () => {
  it('is ready while the database answers', async () => {
    const { db, calls } = fakeDatabase(() => Promise.resolve({ rows: [] }))
    const server = await healthApp({ state: { accepting: true }, db })
    const ready = await server.inject({ url: '/readyz' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: 'ready' })
    expect(calls.count).toBe(1)
  })

  it('answers 503 within its timeout while a query never returns, and sends no second one', async () => {
    const { db, calls } = fakeDatabase(never)
    const server = await healthApp({ state: { accepting: true }, db, timeoutMs: 100, cacheMs: 50 })
    const started = performance.now()
    const ready = await server.inject({ url: '/readyz' })
    expect(performance.now() - started).toBeLessThan(1000)
    expect(ready.statusCode).toBe(503)
    expect(ready.json()).toEqual({ status: 'database unavailable' })
    expect(ready.headers['cache-control']).toBe('no-store')
    await sleep(60)
    expect((await server.inject({ url: '/readyz' })).statusCode).toBe(503)
    // The first query still holds its connection: waited for again rather than sent again.
    expect(calls.count).toBe(1)
    expect((await server.inject({ url: '/healthz' })).statusCode).toBe(200)
  })

  it('answers 503 while the database fails, logs why once, and is ready again once it answers', async () => {
    let failing = true
    const { db } = fakeDatabase(() =>
      failing
        ? Promise.reject(
            Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
              code: 'ECONNREFUSED',
            }),
          )
        : Promise.resolve({ rows: [] }),
    )
    const log = logCollector()
    const server = await healthApp({ state: { accepting: true }, db, cacheMs: 0 }, log.logger)
    expect((await server.inject({ url: '/readyz' })).statusCode).toBe(503)
    expect((await server.inject({ url: '/readyz' })).statusCode).toBe(503)
    failing = false
    expect((await server.inject({ url: '/readyz' })).statusCode).toBe(200)
    const said = log.lines.map((line) => JSON.parse(line) as { msg: string; err?: object })
    const notReady = said.filter(({ msg }) => msg.startsWith('not ready'))
    expect(notReady).toHaveLength(1)
    expect(notReady[0]?.err).toMatchObject({ code: 'ECONNREFUSED' })
    expect(said.filter(({ msg }) => msg.startsWith('ready'))).toHaveLength(1)
  })

  it('costs one query for a flood of probes, the answer kept for a moment', async () => {
    const { db, calls } = fakeDatabase(() => sleep(20).then(() => ({ rows: [] })))
    const server = await healthApp({ state: { accepting: true }, db, cacheMs: 300 })
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => server.inject({ url: '/readyz' })),
    )
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200))
    expect((await server.inject({ url: '/readyz' })).statusCode).toBe(200)
    expect(calls.count).toBe(1)
    await sleep(350)
    expect((await server.inject({ url: '/readyz' })).statusCode).toBe(200)
    expect(calls.count).toBe(2)
  })
})
