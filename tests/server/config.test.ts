// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { checkDistDir, ConfigError, readServerConfig } from '../../server/config'

const fails = (env: Record<string, string>) => () => readServerConfig(env)

describe('the server’s configuration', () => {
  it('has defaults that serve the demo catalog on 127.0.0.1:3000', () => {
    const config = readServerConfig({})
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      demo: true,
      trustProxy: false,
      hsts: true,
      rateLimit: { max: 100, windowMs: 10_000 },
      upstreamPerSecond: 40,
      tmdb: { apiUrl: 'https://api.themoviedb.org', imageUrl: 'https://image.tmdb.org/t/p' },
      loginLimits: { perAccount: 5, perClient: 30, windowSeconds: 900, slowdownStepMs: 250 },
      requestLimits: { signupsPerHour: 10, syncsPerMinute: 30 },
      shutdownDelayMs: 2000,
    })
    expect(config.distDir).toMatch(/\/dist$/)
  })

  it('reads the credential, the proxies to trust and the limits', () => {
    const config = readServerConfig({
      TMDB_TOKEN: ' token ',
      TMDB_API_URL: 'http://127.0.0.1:9000/',
      TRUST_PROXY: '10.0.0.1, 10.0.0.0/8',
      RATE_LIMIT_MAX: '500',
      LOGIN_SLOWDOWN_MS: '0',
      HSTS: 'off',
    })
    expect(config.demo).toBe(false)
    expect(config.tmdb.token).toBe('token')
    expect(config.tmdb.apiUrl).toBe('http://127.0.0.1:9000')
    expect(config.trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8'])
    expect(config.rateLimit.max).toBe(500)
    expect(config.loginLimits.slowdownStepMs).toBe(0)
    expect(config.hsts).toBe(false)
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a number (got "eighty")'],
    [{ PORT: '70000' }, 'PORT must be from 1 to 65535 (got "70000")'],
    [{ TMDB_API_URL: 'not a url' }, 'TMDB_API_URL must be an http(s) URL (got "not a url")'],
    [
      { TMDB_API_URL: 'ftp://example.com' },
      'TMDB_API_URL must be an http(s) URL (got "ftp://example.com")',
    ],
    [{ RATE_LIMIT_MAX: '-1' }, 'RATE_LIMIT_MAX must be positive (got "-1")'],
    [{ RATE_LIMIT_MAX: '0' }, 'RATE_LIMIT_MAX must be positive (got "0")'],
    [{ LOGIN_SLOWDOWN_MS: '-5' }, 'LOGIN_SLOWDOWN_MS must be 0 or more (got "-5")'],
    [{ HSTS: 'maybe' }, 'HSTS must be on or off (got "maybe")'],
    [{ SHUTDOWN_DELAY_MS: '5001' }, 'SHUTDOWN_DELAY_MS must be from 0 to 5000 (got "5001")'],
    [{ SHUTDOWN_DELAY_MS: '1.5' }, 'SHUTDOWN_DELAY_MS must be a whole number (got "1.5")'],
    [{ SIGNUP_LIMIT_PER_HOUR: '0' }, 'SIGNUP_LIMIT_PER_HOUR must be positive (got "0")'],
  ])('names a bad setting in one line: %o', (env, message) => {
    expect(fails(env)).toThrow(ConfigError)
    expect(fails(env)).toThrow(message)
    try {
      readServerConfig(env)
    } catch (error) {
      expect((error as Error).message).not.toContain('\n')
    }
  })

  it('reads TRUST_PROXY as off, true, a number of proxies in front, or their addresses', () => {
    const trustOf = (value: string) => readServerConfig({ TRUST_PROXY: value }).trustProxy
    for (const off of ['', 'off', 'false']) expect(trustOf(off), off).toBe(false)
    expect(trustOf('true')).toBe(true)
    expect(trustOf(' 10.0.0.1,10.0.0.0/8 , ::1, fd00::/8, loopback')).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ])
    // Hop 0 is the peer on the socket, hop 1 the right-most X-Forwarded-For entry.
    const two = trustOf('2')
    if (typeof two !== 'function') throw new Error('a number of proxies is a trust function')
    expect([0, 1, 2, 3].map((hop) => two('203.0.113.9', hop))).toEqual([true, true, false, false])
  })

  it.each([
    ['0', 'must be a whole number of proxies, 1 or more'],
    ['-1', 'must be a whole number of proxies, 1 or more'],
    ['1.5', 'must be a whole number of proxies, 1 or more'],
    ['yes', '"yes" is not an IP or CIDR'],
    ['10.0.0.1, 10.0.0.300', '"10.0.0.300" is not an IP or CIDR'],
    ['10.0.0.0/33', '"10.0.0.0/33" is not an IP or CIDR'],
    ['0.0.0.0/0', '"0.0.0.0/0" is not an IP or CIDR'],
    ['10.0.0.0/255.0.0.0', '"10.0.0.0/255.0.0.0" is not an IP or CIDR'],
    ['fd00::/129', '"fd00::/129" is not an IP or CIDR'],
    ['10.0.0.0/8/8', '"10.0.0.0/8/8" is not an IP or CIDR'],
    ['proxy.example.com', '"proxy.example.com" is not an IP or CIDR'],
    ['10.0.0.1,', '"" is not an IP or CIDR'],
  ])('names a bad TRUST_PROXY in one line: %s', (value, message) => {
    expect(fails({ TRUST_PROXY: value })).toThrow(ConfigError)
    expect(fails({ TRUST_PROXY: value })).toThrow('TRUST_PROXY ')
    expect(fails({ TRUST_PROXY: value })).toThrow(`${message} (got "${value}")`)
  })

  it('refuses to start without a build', () => {
    expect(() => {
      checkDistDir('/nonexistent/dist')
    }).toThrow(new ConfigError('/nonexistent/dist/index.html not found: run "npm run build" first'))
  })
})
