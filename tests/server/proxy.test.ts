// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest'
import { allowedRequest, type AllowedRequest } from '../../server/tmdb/allowlist'
import { createTmdbProxy, type ProxyResponse } from '../../server/tmdb/proxy'
import type { Upstream } from '../../server/tmdb/upstream'

const MINUTE = 60_000
const BODY = { page: 1, results: [{ id: 1, title: 'Alien' }], total_pages: 1 }

function request(pathAndQuery = '/3/discover/movie?page=1'): AllowedRequest {
  const url = new URL(pathAndQuery, 'http://x')
  const allowed = allowedRequest(url.pathname, url.searchParams)
  if (!allowed) throw new Error(`not allowed: ${pathAndQuery}`)
  return allowed
}

/** An upstream that answers each call with the next of `answers` (the last one repeats). */
function scriptedUpstream(...answers: (() => Response | Promise<Response>)[]) {
  const calls: string[] = []
  const upstream: Upstream = async (pathAndQuery) => {
    calls.push(pathAndQuery)
    const answer = answers[Math.min(calls.length, answers.length) - 1]
    if (!answer) throw new Error('no answer scripted')
    return answer()
  }
  return { upstream, calls }
}

const ok = () => Response.json(BODY)
const clock = () => {
  let time = 1_000_000
  return { now: () => time, advance: (ms: number) => (time += ms) }
}
const json = (response: ProxyResponse): unknown => JSON.parse(response.body.toString())

describe('the allowlist', () => {
  it('keeps only the parameters of each of the app’s requests, sorted, one value each', () => {
    expect(
      request(
        '/3/search/movie?page=2&query=alien&api_key=stolen&query=other&callback=x&primary_release_year=1979',
      ).pathAndQuery,
    ).toBe('/3/search/movie?page=2&primary_release_year=1979&query=alien')
    expect(
      request(
        '/3/discover/movie?sort_by=popularity.desc&page=1&language=en-US&include_video=false&include_adult=false&cachebust=1',
      ).pathAndQuery,
    ).toBe(
      '/3/discover/movie?include_adult=false&include_video=false&language=en-US&page=1&sort_by=popularity.desc',
    )
    expect(
      request(
        '/3/movie/603?append_to_response=videos,credits,account_states,credits&language=en-US',
      ).pathAndQuery,
    ).toBe('/3/movie/603?append_to_response=credits%2Cvideos&language=en-US')
  })

  it('refuses every other path and method of TMDB', () => {
    for (const path of [
      '/3/account',
      '/3/movie/603/account_states',
      '/3/movie/0',
      '/3/movie/abc',
      '/3/discover/tv',
      '/4/list/1',
      '/3/search/movie/../../account',
    ]) {
      expect(allowedRequest(path, new URLSearchParams()), path).toBeUndefined()
    }
  })

  it('keeps details fresh for an hour and lists for five minutes', () => {
    expect(request('/3/movie/603').freshMs).toBe(60 * MINUTE)
    expect(request('/3/search/movie?query=a').freshMs).toBe(5 * MINUTE)
    expect(request().freshMs).toBe(5 * MINUTE)
  })
})

describe('the cache', () => {
  it('answers a repeat from the cache until it is five minutes old (an hour for details)', async () => {
    const time = clock()
    const { upstream, calls } = scriptedUpstream(ok)
    const proxy = createTmdbProxy({ upstream, perSecond: 40, now: time.now })

    expect((await proxy.get(request())).cache).toBe('MISS')
    time.advance(5 * MINUTE - 1000)
    const hit = await proxy.get(request())
    expect(hit.cache).toBe('HIT')
    expect(json(hit)).toEqual(BODY)
    expect(calls).toHaveLength(1)

    time.advance(2000 + MINUTE)
    expect((await proxy.get(request())).cache).toBe('MISS')
    expect(calls).toHaveLength(2)

    await proxy.get(request('/3/movie/603'))
    time.advance(59 * MINUTE)
    expect((await proxy.get(request('/3/movie/603'))).cache).toBe('HIT')
  })

  it('serves a just-expired copy at once and refreshes it behind the scenes', async () => {
    const time = clock()
    const { upstream, calls } = scriptedUpstream(ok)
    const proxy = createTmdbProxy({ upstream, perSecond: 40, now: time.now })
    await proxy.get(request())
    time.advance(5 * MINUTE + 10_000)
    expect((await proxy.get(request())).cache).toBe('STALE')
    await expect.poll(() => calls.length).toBe(2)
    await expect.poll(async () => (await proxy.get(request())).cache).toBe('HIT')
  })

  it('sends 50 identical cold requests upstream once', async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    const { upstream, calls } = scriptedUpstream(async () => {
      await gate
      return ok()
    })
    const proxy = createTmdbProxy({ upstream, perSecond: 40 })
    const responses = Array.from({ length: 50 }, () => proxy.get(request()))
    release()
    const answered = await Promise.all(responses)
    expect(calls).toHaveLength(1)
    expect(answered.every((response) => response.status === 200)).toBe(true)
  })

  it('keeps within its byte budget, dropping the least recently used', async () => {
    const big = { results: 'x'.repeat(600) }
    const { upstream } = scriptedUpstream(() => Response.json(big))
    const proxy = createTmdbProxy({ upstream, perSecond: 100, maxBytes: 2000 })
    for (let page = 1; page <= 10; page++)
      await proxy.get(request(`/3/discover/movie?page=${String(page)}`))
    expect(proxy.size).toBeLessThanOrEqual(3)
  })
})

describe('when TMDB fails', () => {
  const faults: [string, () => Response | Promise<Response>, number][] = [
    [
      'answers 500',
      () => Response.json({ status_code: 11, status_message: 'Internal error' }, { status: 500 }),
      500,
    ],
    ['resets the connection', () => Promise.reject(new TypeError('fetch failed')), 502],
    ['answers with HTML', () => new Response('<html>Bad gateway</html>', { status: 200 }), 502],
  ]

  it.each(faults)('serves the stale copy for a day when TMDB %s', async (_name, fault, status) => {
    const time = clock()
    const { upstream } = scriptedUpstream(ok, fault)
    const proxy = createTmdbProxy({ upstream, perSecond: 40, now: time.now })
    await proxy.get(request())

    time.advance(20 * MINUTE)
    const stale = await proxy.get(request())
    expect(stale.cache).toBe('STALE')
    expect(json(stale)).toEqual(BODY)

    time.advance(24 * 60 * MINUTE)
    const failed = await proxy.get(request())
    expect(failed.status).toBe(status)
    expect(json(failed)).toMatchObject({
      success: false,
      status_code: expect.any(Number) as number,
    })
  })

  it('answers 504 in TMDB’s shape when TMDB does not answer in time', async () => {
    const { upstream } = scriptedUpstream(() => new Promise<Response>(() => undefined))
    // The real upstream aborts on the signal; this one is told to by the proxy's timeout.
    const timed: Upstream = (path, signal) =>
      Promise.race([
        upstream(path, signal),
        new Promise<Response>((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            reject(signal.reason as Error)
          })
        }),
      ])
    const proxy = createTmdbProxy({ upstream: timed, perSecond: 40, timeoutMs: 50 })
    const response = await proxy.get(request())
    expect(response.status).toBe(504)
    expect(json(response)).toEqual({
      success: false,
      status_code: 24,
      status_message: 'Your request to the backend server timed out. Try again.',
    })
  })

  it('passes TMDB’s own answer to a bad request on, uncached', async () => {
    const notFound = {
      success: false,
      status_code: 34,
      status_message: 'The resource you requested could not be found.',
    }
    const { upstream, calls } = scriptedUpstream(() => Response.json(notFound, { status: 404 }))
    const proxy = createTmdbProxy({ upstream, perSecond: 40 })
    const response = await proxy.get(request('/3/movie/999'))
    expect(response.status).toBe(404)
    expect(json(response)).toEqual(notFound)
    await proxy.get(request('/3/movie/999'))
    expect(calls).toHaveLength(2)
  })

  it('after TMDB’s 429, sends nothing upstream until Retry-After has passed', async () => {
    const time = clock()
    const { upstream, calls } = scriptedUpstream(
      ok,
      () => Response.json({ status_code: 25 }, { status: 429, headers: { 'Retry-After': '7' } }),
      ok,
    )
    const proxy = createTmdbProxy({ upstream, perSecond: 40, now: time.now })
    await proxy.get(request('/3/discover/movie?page=1'))

    const limited = await proxy.get(request('/3/discover/movie?page=2'))
    expect(limited.status).toBe(429)
    expect(limited.kind === 'error' && limited.retryAfter).toBe(7)

    time.advance(3000)
    const meanwhile = await proxy.get(request('/3/discover/movie?page=3'))
    expect(meanwhile.status).toBe(429)
    expect(meanwhile.kind === 'error' && meanwhile.retryAfter).toBe(4)
    // A stale copy still answers while paused.
    time.advance(5 * MINUTE)
    expect(calls).toHaveLength(2)

    expect((await proxy.get(request('/3/discover/movie?page=3'))).status).toBe(200)
    expect(calls).toHaveLength(3)
  })

  it('serves a stale copy while paused by TMDB’s 429', async () => {
    const time = clock()
    const { upstream, calls } = scriptedUpstream(ok, () =>
      Response.json({ status_code: 25 }, { status: 429, headers: { 'Retry-After': '900' } }),
    )
    const proxy = createTmdbProxy({ upstream, perSecond: 40, now: time.now })
    await proxy.get(request('/3/discover/movie?page=1'))
    await proxy.get(request('/3/discover/movie?page=2'))
    time.advance(10 * MINUTE)
    const stale = await proxy.get(request('/3/discover/movie?page=1'))
    expect(stale.cache).toBe('STALE')
    expect(calls).toHaveLength(2)
  })
})

describe('the upstream cap', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('queues requests beyond the per-second cap rather than failing them', async () => {
    vi.useFakeTimers()
    const { upstream, calls } = scriptedUpstream(ok)
    const proxy = createTmdbProxy({ upstream, perSecond: 2 })
    const responses = Promise.all(
      [1, 2, 3].map((page) => proxy.get(request(`/3/discover/movie?page=${String(page)}`))),
    )
    await vi.advanceTimersByTimeAsync(500)
    expect(calls).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(600)
    expect(calls).toHaveLength(3)
    expect((await responses).map((response) => response.status)).toEqual([200, 200, 200])
  })
})
