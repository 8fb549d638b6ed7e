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
    expect(request('/3/movie/550?append_to_response=watch/providers,credits').pathAndQuery).toBe(
      '/3/movie/550?append_to_response=credits%2Cwatch%2Fproviders',
    )
    expect(
      request(
        '/3/person/287?language=en-US&append_to_response=movie_credits,tv_credits,credits&api_key=x',
      ).pathAndQuery,
    ).toBe('/3/person/287?append_to_response=movie_credits&language=en-US')
    expect(request('/3/search/person?query=ka&page=1&include_adult=true').pathAndQuery).toBe(
      '/3/search/person?page=1&query=ka',
    )
    expect(
      request(
        '/3/discover/movie?page=1&sort_by=popularity.desc&with_watch_providers=8|15&watch_region=US&with_watch_monetization_types=flatrate|free|ads&with_watch_monetization_types=buy',
      ).pathAndQuery,
    ).toBe(
      '/3/discover/movie?page=1&sort_by=popularity.desc&watch_region=US&with_watch_monetization_types=flatrate%7Cfree%7Cads&with_watch_providers=8%7C15',
    )
    expect(request('/3/movie/550/watch/providers?api_key=x').pathAndQuery).toBe(
      '/3/movie/550/watch/providers',
    )
    expect(
      request('/3/watch/providers/movie?watch_region=FR&language=en-US&page=2').pathAndQuery,
    ).toBe('/3/watch/providers/movie?language=en-US&watch_region=FR')
    expect(request('/3/watch/providers/regions?language=en-US&x=1').pathAndQuery).toBe(
      '/3/watch/providers/regions?language=en-US',
    )
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
      '/3/person/0',
      '/3/person/287/images',
      '/3/person/popular',
      '/3/search/multi',
      '/3/movie/0/watch/providers',
      '/3/tv/1399/watch/providers',
      '/3/watch/providers/tv',
    ]) {
      expect(allowedRequest(path, new URLSearchParams()), path).toBeUndefined()
    }
  })

  it('keeps details and people fresh for an hour and lists for five minutes', () => {
    expect(request('/3/movie/603').freshMs).toBe(60 * MINUTE)
    expect(request('/3/person/287').freshMs).toBe(60 * MINUTE)
    expect(request('/3/search/person?query=a').freshMs).toBe(5 * MINUTE)
    expect(request('/3/search/movie?query=a').freshMs).toBe(5 * MINUTE)
    expect(request('/3/movie/550/watch/providers').freshMs).toBe(60 * MINUTE)
    expect(request('/3/watch/providers/movie?watch_region=US').freshMs).toBe(24 * 60 * MINUTE)
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

  it('keeps TMDB’s 404 for a minute, and passes its other answers to a bad request on uncached', async () => {
    const time = clock()
    const notFound = {
      success: false,
      status_code: 34,
      status_message: 'The resource you requested could not be found.',
    }
    const { upstream, calls } = scriptedUpstream(() => Response.json(notFound, { status: 404 }))
    const proxy = createTmdbProxy({ upstream, perSecond: 40, now: time.now })
    const unknown = request('/3/movie/999')
    const first = await proxy.get(unknown)
    expect(first).toMatchObject({ status: 404, cache: 'MISS', freshSeconds: 60 })
    expect(json(first)).toEqual(notFound)

    time.advance(59_000)
    const again = await proxy.get(unknown)
    expect(again).toMatchObject({ status: 404, cache: 'HIT', freshSeconds: 1 })
    expect(json(again)).toEqual(notFound)
    expect(calls).toHaveLength(1)
    // Not data: the page never carries it.
    expect(proxy.answerAtOnce(unknown)).toBeUndefined()

    time.advance(1000)
    expect((await proxy.get(unknown)).cache).toBe('MISS')
    expect(calls).toHaveLength(2)

    const invalidKey = { success: false, status_code: 7, status_message: 'Invalid API key.' }
    const other = scriptedUpstream(() => Response.json(invalidKey, { status: 401 }))
    const unauthorised = createTmdbProxy({ upstream: other.upstream, perSecond: 40 })
    const refused = await unauthorised.get(request('/3/movie/603'))
    expect(refused).toMatchObject({ status: 401, cache: 'MISS', freshSeconds: 0 })
    expect(json(refused)).toEqual(invalidKey)
    await unauthorised.get(request('/3/movie/603'))
    expect(other.calls).toHaveLength(2)
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

  it('answers every request within the timeout of its arrival, its wait in the queue included', async () => {
    vi.useFakeTimers()
    const { upstream, calls } = scriptedUpstream(ok)
    const proxy = createTmdbProxy({ upstream, perSecond: 2, maxQueued: 100, timeoutMs: 8000 })
    let answered = 0
    const responses = Array.from({ length: 30 }, (_, index) =>
      proxy.get(request(`/3/discover/movie?page=${String(index + 1)}`)).then((response) => {
        answered += 1
        return response
      }),
    )
    await vi.advanceTimersByTimeAsync(8000)
    expect(answered).toBe(30)
    const sent = calls.length
    const statuses = (await Promise.all(responses)).map((response) => response.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(sent)
    expect(statuses.filter((status) => status === 504)).toHaveLength(30 - sent)
    expect(sent).toBeLessThan(30)
    const late = (await Promise.all(responses)).find((response) => response.status === 504)
    expect(late && json(late)).toMatchObject({ success: false, status_code: 24 })
    // Those answered 504 left the queue: TMDB is not asked for them later.
    await vi.advanceTimersByTimeAsync(20_000)
    expect(calls).toHaveLength(sent)
  })

  it('gives each request sharing an upstream request its own deadline', async () => {
    vi.useFakeTimers()
    const signals: AbortSignal[] = []
    let answer: () => void = () => undefined
    const upstream: Upstream = (_path, signal) => {
      signals.push(signal)
      return new Promise((resolve) => {
        answer = () => {
          resolve(ok())
        }
      })
    }
    const proxy = createTmdbProxy({ upstream, perSecond: 40, timeoutMs: 8000 })
    const settled: ProxyResponse[] = []
    void proxy.get(request()).then((response) => {
      settled.push(response)
    })
    await vi.advanceTimersByTimeAsync(5000)
    const second = proxy.get(request())
    await vi.advanceTimersByTimeAsync(3000)
    expect(settled.map((response) => response.status)).toEqual([504])
    // Still wanted by the second: the upstream request goes on.
    expect(signals.map((signal) => signal.aborted)).toEqual([false])
    await vi.advanceTimersByTimeAsync(2000)
    answer()
    expect((await second).status).toBe(200)
    expect(signals).toHaveLength(1)

    // Nobody left waiting, TMDB is no longer waited for: its signal is aborted.
    const unanswered = createTmdbProxy({ upstream, perSecond: 40, timeoutMs: 8000 })
    const alone = unanswered.get(request('/3/movie/603'))
    await vi.advanceTimersByTimeAsync(7999)
    expect(signals[1]?.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect((await alone).status).toBe(504)
    expect(signals[1]?.aborted).toBe(true)
  })

  it('answers 503 with Retry-After, without queuing, once the queue is full', async () => {
    vi.useFakeTimers()
    const { upstream, calls } = scriptedUpstream(ok)
    const proxy = createTmdbProxy({ upstream, perSecond: 2, maxQueued: 3 })
    const page = (number: number) => request(`/3/discover/movie?page=${String(number)}`)
    await proxy.get(page(9))
    await vi.advanceTimersByTimeAsync(7 * MINUTE)

    const waiting = [1, 2, 3, 4, 5].map((number) => proxy.get(page(number)))
    const answered = proxy.get(page(6))
    expect(proxy.queued).toBe(3)
    const full = await answered
    expect(full.status).toBe(503)
    expect(full.kind === 'error' && full.retryAfter).toBe(2)
    expect(json(full)).toEqual({
      success: false,
      status_code: 11,
      status_message: 'Too many requests are waiting for TMDB: try again in 2 seconds.',
    })
    // A copy past its freshness is served instead, and a request already queued is joined.
    expect((await proxy.get(page(9))).cache).toBe('STALE')
    const joined = proxy.get(page(5))
    expect(proxy.queued).toBe(3)

    await vi.advanceTimersByTimeAsync(2000)
    expect((await Promise.all([...waiting, joined])).map((response) => response.status)).toEqual([
      200, 200, 200, 200, 200, 200,
    ])
    expect(calls).not.toContain(page(6).pathAndQuery)
    expect((await proxy.get(page(6))).status).toBe(200)
  })

  it('drops a queued request whose visitor has gone, unless another waits for it', async () => {
    vi.useFakeTimers()
    const { upstream, calls } = scriptedUpstream(ok)
    const proxy = createTmdbProxy({ upstream, perSecond: 1 })
    const page = (number: number) => request(`/3/discover/movie?page=${String(number)}`)
    const first = proxy.get(page(1))
    const leaving = new AbortController()
    const gone = proxy.get(page(2), leaving.signal)
    const leavingToo = new AbortController()
    const shared = [proxy.get(page(3), leavingToo.signal), proxy.get(page(3))]
    expect(proxy.queued).toBe(2)

    leaving.abort()
    leavingToo.abort()
    expect(proxy.queued).toBe(1)
    await expect(gone).rejects.toMatchObject({ name: 'AbortError' })
    await expect(shared[0]).rejects.toMatchObject({ name: 'AbortError' })
    await vi.advanceTimersByTimeAsync(3000)
    expect(calls).toEqual([page(1).pathAndQuery, page(3).pathAndQuery])
    expect((await first).status).toBe(200)
    expect((await shared[1])?.status).toBe(200)
  })
})
