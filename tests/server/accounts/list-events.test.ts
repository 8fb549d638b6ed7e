// @vitest-environment node
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { add, listClient, openStream } from './list-support'
import { accountsApp, targetConfig } from './support'

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

const listening = async (app: FastifyInstance) => {
  await app.listen({ port: 0, host: '127.0.0.1' })
  return app
}

describe('the list events stream on the embedded database (PGlite), one instance', () => {
  let app: FastifyInstance
  let remove: () => Promise<void>
  const client = listClient(() => app)
  beforeAll(async () => {
    const config = await targetConfig({ name: 'PGlite', kind: 'embedded' })
    remove = config.remove
    app = await listening(await accountsApp(config.database, { heartbeatMs: 200 }))
  })
  afterAll(async () => {
    await app.close()
    await remove()
  })

  it('answers 401 JSON when not signed in', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/account/events' })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ error: 'Not signed in' })
  })

  it('opens with retry and ready, tells of each sync that wrote, and beats', async () => {
    const cookie = await client.signUp('Uma', 'uma@example.com')
    const other = await client.signUp('Vic', 'vic@example.com')
    const stream = await openStream(app, cookie)
    const stranger = await openStream(app, other)
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(stream.response.headers.get('cache-control')).toBe('no-store')
    expect(stream.response.headers.get('content-encoding')).toBeNull()
    expect(await stream.heard('retry: 5000\n\nevent: ready\ndata: {"seq":0}\n\n')).toBe(true)

    await client.synced({ since: 0, changes: [add(1, 1000)] }, cookie)
    expect(await stream.heard('event: lists\ndata: {"seq":1}\n\n')).toBe(true)
    // A sync that writes nothing tells nothing.
    await client.synced({ since: 1, changes: [] }, cookie)
    await client.synced({ since: 1, changes: [], lists: [] }, cookie)
    expect(await stream.heard('{"seq":2}', 300)).toBe(false)
    expect(await stream.heard('\n: \n\n')).toBe(true)
    expect(stranger.text()).not.toContain('event: lists')
    await stream.close()
    await stranger.close()
  })

  it('keeps at most 10 streams an account: an 11th ends the oldest', async () => {
    const cookie = await client.signUp('Wes', 'wes@example.com')
    const streams = []
    for (let i = 0; i < 11; i++) {
      const stream = await openStream(app, cookie)
      expect(await stream.heard('event: ready')).toBe(true)
      streams.push(stream)
    }
    expect(await streams[0]?.ended()).toBe(true)
    expect(await streams[1]?.ended(200)).toBe(false)
    expect(app.listEvents.streams(await client.userIdOf('wes@example.com'))).toBe(10)
    await Promise.all(streams.map((stream) => stream.close()))
  })

  it('ends its streams when the server closes, without holding the close', async () => {
    const config = await targetConfig({ name: 'PGlite', kind: 'embedded' })
    const other = await listening(await accountsApp(config.database))
    const cookie = await listClient(() => other).signUp('Xia', 'xia@example.com')
    const stream = await openStream(other, cookie)
    expect(await stream.heard('event: ready')).toBe(true)
    const started = Date.now()
    await other.close()
    expect(Date.now() - started).toBeLessThan(2000)
    expect(await stream.ended()).toBe(true)
    await config.remove()
  })
})

describe('the list events stream of two instances on one PostgreSQL', () => {
  let a: FastifyInstance
  let b: FastifyInstance
  let remove: () => Promise<void>
  beforeAll(async () => {
    const config = await targetConfig({ name: 'PostgreSQL', kind: 'postgres' })
    remove = config.remove
    a = await listening(await accountsApp(config.database))
    b = await listening(await accountsApp(config.database))
  })
  afterAll(async () => {
    await a.close()
    await b.close()
    await remove()
  })

  it('tells a stream opened on one of a sync on the other within 2 s', async () => {
    const onA = listClient(() => a)
    const cookie = await onA.signUp('Yan', 'yan@example.com')
    const stream = await openStream(b, cookie)
    expect(await stream.heard('event: ready\ndata: {"seq":0}')).toBe(true)
    const sent = Date.now()
    await onA.synced({ since: 0, changes: [add(1, 1000)] }, cookie)
    expect(await stream.heard('event: lists\ndata: {"seq":1}\n\n', 2000)).toBe(true)
    expect(Date.now() - sent).toBeLessThan(2000)
    // And on the instance that took the sync too.
    const onSame = await openStream(a, cookie)
    expect(await onSame.heard('event: ready\ndata: {"seq":1}')).toBe(true)
    await listClient(() => b).synced({ since: 1, changes: [add(2, 1000)] }, cookie)
    expect(await onSame.heard('event: lists\ndata: {"seq":2}\n\n')).toBe(true)
    expect(await stream.heard('event: lists\ndata: {"seq":2}\n\n')).toBe(true)
    await stream.close()
    await onSame.close()
  })
})
