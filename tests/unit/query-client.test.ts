import { describe, expect, it, vi } from 'vitest'
import { retryDelay, shouldRetry } from '@/lib/query-client'
import { TmdbError } from '@/lib/tmdb'

const http = (status: number, retryAfter?: number) =>
  new TmdbError(`HTTP ${status}`, {
    kind: 'http',
    status,
    ...(retryAfter === undefined ? {} : { retryAfter }),
  })

describe('retry policy', () => {
  it('never retries a 4xx other than 429, nor a response of the wrong shape', () => {
    for (const status of [400, 401, 404, 422]) expect(shouldRetry(0, http(status))).toBe(false)
    expect(shouldRetry(0, new TmdbError('bad', { kind: 'invalid-response', status: 200 }))).toBe(
      false,
    )
  })

  it('retries 5xx and network failures a bounded few times', () => {
    for (const error of [http(500), http(503), new TmdbError('offline', { kind: 'network' })]) {
      expect(shouldRetry(0, error)).toBe(true)
      expect(shouldRetry(1, error)).toBe(true)
      expect(shouldRetry(2, error)).toBe(false)
    }
  })

  it('retries 429 and waits as long as Retry-After asks, within a cap', () => {
    expect(shouldRetry(2, http(429))).toBe(true)
    expect(shouldRetry(3, http(429))).toBe(false)
    expect(retryDelay(0, http(429, 2))).toBe(2000)
    expect(retryDelay(0, http(429, 3600))).toBe(8000)
  })

  it('backs off exponentially otherwise', () => {
    expect(retryDelay(0, http(500))).toBe(500)
    expect(retryDelay(1, http(500))).toBe(1000)
    expect(retryDelay(2, http(500))).toBe(2000)
  })
})

describe('retry policy offline', () => {
  it('does not retry a network failure while the browser is offline', () => {
    const failure = new TmdbError('offline', { kind: 'network' })
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    expect(shouldRetry(0, failure)).toBe(false)
    // An HTTP error still follows the usual policy.
    expect(shouldRetry(0, new TmdbError('HTTP 500', { kind: 'http', status: 500 }))).toBe(true)
  })
})
