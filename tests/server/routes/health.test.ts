// @vitest-environment node
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import health from '../../../server/routes/health'
import { serverTestBed } from '../support'

const bed = serverTestBed()
const app = bed.app

describe('health checks', () => {
  it('reports health and readiness', async () => {
    const server = await app()
    expect((await server.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' })
    const ready = await server.inject({ url: '/readyz' })
    expect(ready.statusCode).toBe(200)
  })

  it('turns /readyz to 503 once the server stops accepting, and stays alive', async () => {
    const state = { accepting: true }
    const server = Fastify({ logger: false })
    bed.apps.push(server)
    await server.register(health, { state })
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
