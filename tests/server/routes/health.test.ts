// @vitest-environment node
import { describe, expect, it } from 'vitest'
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
})
