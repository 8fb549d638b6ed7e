// @vitest-environment node
import Fastify, { type FastifyPluginCallback } from 'fastify'
import { describe, expect, it } from 'vitest'
import { SUBRESOURCE_POLICY } from '@/shared/content-security-policy'
import { buildServer } from '../../../../server/app'
import { readServerConfig } from '../../../../server/config'
import securityHeaders from '../../../../server/plugins/external/helmet'
import { ASSET, DISCOVER, everything, serverTestBed } from '../../support'

const bed = serverTestBed()
const app = bed.app

/** Routes in a plugin of their own: one with a policy of its own, one without. */
const routes: FastifyPluginCallback = (server, _options, done) => {
  server.get('/plain', () => 'plain')
  server.get('/own-policy', (_request, reply) =>
    reply
      .header('content-security-policy', "default-src 'none'")
      .header('cross-origin-resource-policy', 'cross-origin')
      .send('own'),
  )
  done()
}

/** The plugin alone, in front of `routes`. */
async function withHeaders(options: { hsts: boolean; state: { accepting: boolean } }) {
  const server = Fastify({ logger: false })
  bed.apps.push(server)
  await server.register(securityHeaders, options)
  await server.register(routes)
  return server
}

describe('the security headers', () => {
  it('sends the security headers on every response', async () => {
    const server = await app({ TRUST_PROXY: '127.0.0.1' })
    for (const url of ['/', `/${ASSET}`, DISCOVER, '/missing.png', '/healthz']) {
      const { headers } = await server.inject({ url, headers: { 'x-forwarded-proto': 'https' } })
      expect(headers['x-content-type-options'], url).toBe('nosniff')
      expect(headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin')
      expect(headers['cross-origin-opener-policy'], url).toBe('same-origin')
      expect(headers['permissions-policy'], url).toContain('camera=()')
      expect(headers['strict-transport-security'], url).toMatch(/max-age=\d+/)
      expect(headers['content-security-policy'], url).toContain("frame-ancestors 'none'")
      expect(headers['cross-origin-embedder-policy'], url).toBeUndefined()
      // The page's own policy on the page; anything else gets the locked-down one.
      if (url !== '/') expect(headers['content-security-policy'], url).toBe(SUBRESOURCE_POLICY)
      for (const legacy of ['x-frame-options', 'x-xss-protection', 'x-download-options']) {
        expect(headers[legacy], `${url} ${legacy}`).toBeUndefined()
      }
    }
  })

  it('sends HSTS only on answers to HTTPS requests, and never with HSTS=off', async () => {
    const hstsOf = async (env: Record<string, string>, url: string, proto?: string) => {
      const headers = proto ? { 'x-forwarded-proto': proto } : {}
      return (await (await app(env)).inject({ url, headers })).headers['strict-transport-security']
    }
    const behindProxy = { TRUST_PROXY: '127.0.0.1' }
    for (const url of ['/', DISCOVER, '/missing.png']) {
      expect(await hstsOf(behindProxy, url, 'https'), url).toBe(
        'max-age=31536000; includeSubDomains',
      )
      expect(await hstsOf(behindProxy, url, 'http'), url).toBeUndefined()
      expect(await hstsOf(behindProxy, url), url).toBeUndefined()
      // X-Forwarded-Proto from a client that is no trusted proxy says nothing.
      expect(await hstsOf({}, url, 'https'), url).toBeUndefined()
      expect(await hstsOf({ ...behindProxy, HSTS: 'off' }, url, 'https'), url).toBeUndefined()
    }
    expect(await hstsOf(behindProxy, '/%zz', 'http')).toBeUndefined()
  })

  it('answers a URL it cannot decode with a plain 400 that has them, never with the URL', async () => {
    const { app: server, state } = await buildServer(
      readServerConfig({ DIST_DIR: bed.dist.dir, LOG_LEVEL: 'silent', ACCOUNTS: 'local' }),
      { logger: false },
    )
    bed.apps.push(server)
    for (const url of ['/%zz<script>', '/api/tmdb/3/movie/%zz<script>', '/assets/%E0%A4%A']) {
      const response = await server.inject({ url })
      expect(response.statusCode, url).toBe(400)
      expect(response.headers['content-type'], url).toBe('text/plain; charset=utf-8')
      expect(response.headers['cache-control'], url).toBe('no-store')
      expect(response.body, url).toBe('Bad request')
      expect(everything(response), url).not.toMatch(/script|%zz|%E0/i)
      expect(response.headers['content-security-policy'], url).toBe(SUBRESOURCE_POLICY)
      expect(response.headers['x-content-type-options'], url).toBe('nosniff')
      expect(response.headers['permissions-policy'], url).toContain('camera=()')
      expect(response.headers['cross-origin-opener-policy'], url).toBe('same-origin')
    }
    state.accepting = false
    expect((await server.inject({ url: '/%zz' })).headers.connection).toBe('close')
  })

  it('applies to the routes of every plugin, and keeps a route’s own headers', async () => {
    const server = await withHeaders({ hsts: false, state: { accepting: true } })
    const plain = await server.inject({ url: '/plain' })
    expect(plain.headers['content-security-policy']).toBe(SUBRESOURCE_POLICY)
    expect(plain.headers['permissions-policy']).toContain('camera=()')
    expect(plain.headers['x-content-type-options']).toBe('nosniff')
    expect(plain.headers['strict-transport-security']).toBeUndefined()
    const own = await server.inject({ url: '/own-policy' })
    expect(own.headers['content-security-policy']).toBe("default-src 'none'")
    expect(own.headers['cross-origin-resource-policy']).toBe('cross-origin')
    expect(plain.headers['cross-origin-resource-policy']).toBe('same-origin')
    expect(own.headers['x-content-type-options']).toBe('nosniff')
  })

  it('closes the connection with each answer once the server stops accepting', async () => {
    const state = { accepting: true }
    const server = await withHeaders({ hsts: true, state })
    expect((await server.inject({ url: '/plain' })).headers.connection).not.toBe('close')
    state.accepting = false
    expect((await server.inject({ url: '/plain' })).headers.connection).toBe('close')
    expect((await server.inject({ url: '/missing' })).headers.connection).toBe('close')
  })
})
