// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { SUBRESOURCE_POLICY } from '../../../../build/content-security-policy'
import { ASSET, DISCOVER, serverTestBed } from '../../support'

const bed = serverTestBed()
const app = bed.app

describe('the security headers', () => {
  it('sends the security headers on every response', async () => {
    const server = await app()
    for (const url of ['/', `/${ASSET}`, DISCOVER, '/missing.png', '/healthz']) {
      const { headers } = await server.inject({ url })
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
    const withoutHsts = await app({ HSTS: 'off' })
    expect(
      (await withoutHsts.inject({ url: '/' })).headers['strict-transport-security'],
    ).toBeUndefined()
  })
})
