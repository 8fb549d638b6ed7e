// @vitest-environment node
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { buildApi } from '../../server/app'
import { readServerConfig } from '../../server/config'
import { DISCOVER } from './support'

const apps: FastifyInstance[] = []
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()))
})

/** The API in the demo (no credential, no database), with a route that says whom it sees. */
async function api(env: Record<string, string>) {
  const config = readServerConfig({ LOG_LEVEL: 'silent', ACCOUNTS: 'local', ...env })
  const { app } = await buildApi(config, { logger: false })
  apps.push(app)
  app.get('/seen', (request) => ({ ip: request.ip, protocol: request.protocol }))
  await app.ready()
  return app
}

/** Through our proxy at 10.0.0.1, for a client that wrote its own X-Forwarded-For. */
const spoofed = {
  remoteAddress: '10.0.0.1',
  headers: { 'x-forwarded-for': '6.6.6.6, 198.51.100.7', 'x-forwarded-proto': 'https' },
}

describe('the client’s address behind a proxy', () => {
  it('is the right-most X-Forwarded-For entry with TRUST_PROXY=1, never one a client wrote', async () => {
    const app = await api({ TRUST_PROXY: '1' })
    const seen = await app.inject({
      url: '/seen',
      headers: { 'x-forwarded-for': '6.6.6.6, 10.0.0.1', 'x-forwarded-proto': 'https' },
    })
    expect(seen.json()).toEqual({ ip: '10.0.0.1', protocol: 'https' })
    expect((await app.inject({ url: '/seen', ...spoofed })).json()).toEqual({
      ip: '198.51.100.7',
      protocol: 'https',
    })
    // Two proxies in front: the entry the first one added.
    const two = await api({ TRUST_PROXY: '2' })
    expect((await two.inject({ url: '/seen', ...spoofed })).json()).toMatchObject({ ip: '6.6.6.6' })
  })

  it('is the entry left of the listed proxies', async () => {
    const app = await api({ TRUST_PROXY: '10.0.0.0/8' })
    expect((await app.inject({ url: '/seen', ...spoofed })).json()).toEqual({
      ip: '198.51.100.7',
      protocol: 'https',
    })
    // From anywhere else, the headers are ignored.
    const direct = await app.inject({ url: '/seen', ...spoofed, remoteAddress: '203.0.113.5' })
    expect(direct.json()).toEqual({ ip: '203.0.113.5', protocol: 'http' })
  })

  it('is the left-most entry, as a client wrote it, with TRUST_PROXY=true; the socket’s when off', async () => {
    expect(
      (await (await api({ TRUST_PROXY: 'true' })).inject({ url: '/seen', ...spoofed })).json(),
    ).toMatchObject({ ip: '6.6.6.6' })
    expect((await (await api({})).inject({ url: '/seen', ...spoofed })).json()).toEqual({
      ip: '10.0.0.1',
      protocol: 'http',
    })
  })

  it('keeps a client that rewrites X-Forwarded-For to its per-client limit', async () => {
    const app = await api({ TRUST_PROXY: '1', RATE_LIMIT_MAX: '1' })
    const statuses = []
    for (const forged of ['6.6.6.6', '7.7.7.7']) {
      const response = await app.inject({
        url: DISCOVER,
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': `${forged}, 198.51.100.7` },
      })
      statuses.push(response.statusCode)
    }
    expect(statuses).toEqual([200, 429])
  })
})
