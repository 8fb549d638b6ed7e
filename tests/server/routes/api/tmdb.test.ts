// @vitest-environment node
import { get } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { DISCOVER, everything, SERVER_API_KEY, SERVER_TOKEN, serverTestBed } from '../../support'

const bed = serverTestBed()
const app = bed.app

describe('the TMDB proxy', () => {
  it('answers the app’s requests from TMDB with the server’s bearer token, and nothing of the client’s', async () => {
    const server = await app()
    const response = await server.inject({
      url: DISCOVER,
      headers: { cookie: 'session=abc', authorization: 'Bearer client-token', 'x-custom': '1' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ page: 1, total_pages: expect.any(Number) as number })
    expect(bed.tmdb.requests).toHaveLength(1)
    const [upstream] = bed.tmdb.requests
    expect(upstream?.headers.authorization).toBe(`Bearer ${SERVER_TOKEN}`)
    expect(upstream?.headers.cookie).toBeUndefined()
    expect(upstream?.headers['x-custom']).toBeUndefined()
    expect(upstream?.url.searchParams.has('api_key')).toBe(false)
    expect(everything(response)).not.toContain(SERVER_TOKEN)
  })

  it('uses the api key when no token is set, and never shows it to the client', async () => {
    const server = await app({ TMDB_TOKEN: '' })
    const response = await server.inject({ url: '/api/tmdb/3/movie/999999999?language=en-US' })
    expect(response.statusCode).toBe(404)
    expect(bed.tmdb.requests[0]?.url.searchParams.get('api_key')).toBe(SERVER_API_KEY)
    expect(bed.tmdb.requests[0]?.headers.authorization).toBeUndefined()
    expect(everything(response)).not.toContain(SERVER_API_KEY)
  })

  it('refuses what the app never asks for with TMDB’s 404, without asking TMDB', async () => {
    const server = await app()
    for (const request of [
      { url: '/api/tmdb/3/account' },
      { url: '/api/tmdb/3/movie/603/account_states' },
      { url: '/api/tmdb/3/discover/movie', method: 'POST' as const },
      { url: '/api/tmdb/3/discover/movie', method: 'DELETE' as const },
      { url: '/api/tmdb' },
    ]) {
      const response = await server.inject(request)
      expect(response.statusCode, request.url).toBe(404)
      expect(response.json()).toEqual({
        success: false,
        status_code: 34,
        status_message: 'The resource you requested could not be found.',
      })
    }
    // A path climbing out of the proxy is resolved first: an unknown API path, not TMDB's.
    const climbing = await server.inject({ url: '/api/tmdb/%2e%2e/3/account' })
    expect(climbing.statusCode).toBe(404)
    expect(climbing.json()).toEqual({ error: 'Not found' })
    expect(bed.tmdb.requests).toHaveLength(0)
  })

  it('caches by the normalised request: made-up parameters and their order cannot miss it', async () => {
    const server = await app()
    const first = await server.inject({ url: DISCOVER })
    const shuffled = await server.inject({
      url: '/api/tmdb/3/discover/movie?sort_by=popularity.desc&page=1&bust=1&language=en-US&include_video=false&include_adult=false&api_key=x',
    })
    expect(first.headers['x-cache']).toBe('MISS')
    expect(shuffled.headers['x-cache']).toBe('HIT')
    expect(shuffled.body).toBe(first.body)
    expect(bed.tmdb.requests).toHaveLength(1)
    expect(first.headers['cache-control']).toBe(
      'public, max-age=300, s-maxage=300, stale-while-revalidate=60, stale-if-error=86400',
    )
  })

  it('passes the filters, the search year and a detail’s appended parts on, and the demo serves them', async () => {
    const filtered =
      '/api/tmdb/3/discover/movie?include_adult=false&include_video=false&language=en-US&page=1&sort_by=vote_average.desc&with_genres=18&primary_release_year=1994&vote_count.gte=200'
    const search = '/api/tmdb/3/search/movie?query=alien&page=1&primary_release_year=1979'
    const detail =
      '/api/tmdb/3/movie/603?language=en-US&append_to_response=credits%2Cvideos%2Crecommendations%2Crelease_dates'
    const proxy = await app()
    for (const url of [filtered, search, detail]) {
      expect((await proxy.inject({ url })).statusCode, url).toBeLessThan(500)
    }
    const sent = bed.tmdb.requests.map(({ url }) => url.searchParams)
    expect(sent[0]?.get('with_genres')).toBe('18')
    expect(sent[0]?.get('primary_release_year')).toBe('1994')
    expect(sent[0]?.get('vote_count.gte')).toBe('200')
    expect(sent[1]?.get('primary_release_year')).toBe('1979')
    expect(sent[2]?.get('append_to_response')?.split(',').sort()).toEqual([
      'credits',
      'recommendations',
      'release_dates',
      'videos',
    ])

    // Without a credential, the server's own demo catalog answers the same requests.
    const demo = await app({ TMDB_TOKEN: '', TMDB_API_KEY: '' })
    const dramas = (await demo.inject({ url: filtered })).json<{
      results: { release_date: string }[]
    }>()
    expect(dramas.results.length).toBeGreaterThan(0)
    expect(dramas.results.every((movie) => movie.release_date.startsWith('1994'))).toBe(true)
    const aliens = (await demo.inject({ url: search })).json<{ results: { title: string }[] }>()
    expect(aliens.results.map((movie) => movie.title)).toContain('Alien')
  })

  it('passes a person with their films and a people search on, and the demo serves them', async () => {
    const person = '/api/tmdb/3/person/287?language=en-US&append_to_response=movie_credits'
    const people = '/api/tmdb/3/search/person?query=spielberg&page=1'
    const proxy = await app()
    for (const url of [person, people]) {
      expect((await proxy.inject({ url })).statusCode, url).toBeLessThan(500)
    }
    expect(bed.tmdb.requests.map(({ url }) => url.pathname + url.search)).toEqual([
      expect.stringMatching(/^\/3\/person\/287\?append_to_response=movie_credits&language=en-US/),
      expect.stringMatching(/^\/3\/search\/person\?page=1&query=spielberg/),
    ])

    const demo = await app({ TMDB_TOKEN: '', TMDB_API_KEY: '' })
    const found = (await demo.inject({ url: people })).json<{
      results: { id: number; name: string }[]
    }>()
    expect(found.results[0]?.name).toBe('Steven Spielberg')
    const director = await demo.inject({
      url: `/api/tmdb/3/person/${String(found.results[0]?.id)}?language=en-US&append_to_response=movie_credits`,
    })
    expect(director.statusCode).toBe(200)
    expect(
      director.json<{ movie_credits: { crew: unknown[] } }>().movie_credits.crew.length,
    ).toBeGreaterThan(5)
    expect((await demo.inject({ url: '/api/tmdb/3/person/1' })).statusCode).toBe(404)
  })

  it('sends one upstream request for 50 identical cold requests', async () => {
    bed.tmdb.behave(async (_request, _response, answer) => {
      await new Promise((resolve) => setTimeout(resolve, 100))
      await answer()
    })
    const server = await app()
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        server.inject({ url: '/api/tmdb/3/search/movie?query=alien&page=1' }),
      ),
    )
    expect(responses.every((response) => response.statusCode === 200)).toBe(true)
    expect(bed.tmdb.requests).toHaveLength(1)
  })

  it('compresses by Accept-Encoding', async () => {
    const server = await app()
    const plain = await server.inject({ url: DISCOVER })
    const br = await server.inject({ url: DISCOVER, headers: { 'accept-encoding': 'gzip, br' } })
    const gzip = await server.inject({ url: DISCOVER, headers: { 'accept-encoding': 'gzip' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(br.headers['content-encoding']).toBe('br')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body)
    expect(br.headers.vary).toMatch(/accept-encoding/i)
  })

  it.each([
    ['TMDB answers 500', 500, { status_code: 11 }],
    ['TMDB resets the connection', 502, { status_code: 11 }],
  ] as const)('answers in TMDB’s error shape when %s', async (name, status, body) => {
    bed.tmdb.behave((_request, response) => {
      if (name === 'TMDB resets the connection') response.socket?.destroy()
      else response.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Oops</h1>')
    })
    const server = await app()
    const response = await server.inject({ url: DISCOVER })
    expect(response.statusCode).toBe(status)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.json()).toMatchObject({ success: false, ...body })
    expect(response.body).not.toMatch(/<h1>|at .*\.(js|ts):\d+/)
  })

  it('answers 504 when TMDB does not answer in time', async () => {
    bed.tmdb.behave(() => undefined)
    const server = await app({}, { upstreamTimeoutMs: 100 })
    const response = await server.inject({ url: DISCOVER })
    expect(response.statusCode).toBe(504)
    expect(response.json()).toMatchObject({ success: false, status_code: 24 })
  })

  it('keeps TMDB’s 404 for a minute, and any other of its answers to a bad request not at all', async () => {
    const server = await app()
    const unknown = '/api/tmdb/3/movie/999999999?language=en-US'
    const first = await server.inject({ url: unknown })
    const again = await server.inject({ url: unknown })
    expect([first.statusCode, again.statusCode]).toEqual([404, 404])
    expect([first.headers['x-cache'], again.headers['x-cache']]).toEqual(['MISS', 'HIT'])
    expect(first.headers['cache-control']).toBe('public, max-age=60')
    expect(again.headers['cache-control']).toMatch(/^public, max-age=(60|59)$/)
    expect(again.json()).toEqual(first.json())
    expect(first.json()).toMatchObject({ success: false, status_code: 34 })
    expect(bed.tmdb.requests).toHaveLength(1)

    bed.tmdb.behave((_request, response) => {
      response
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ success: false, status_code: 7, status_message: 'Invalid API key.' }))
    })
    for (let index = 0; index < 2; index++) {
      const refused = await server.inject({ url: '/api/tmdb/3/movie/603' })
      expect(refused.statusCode).toBe(401)
      expect(refused.headers['cache-control']).toBe('no-store')
    }
    expect(bed.tmdb.requests).toHaveLength(3)
  })

  it('answers 504 by the deadline while queued, and 503 with Retry-After once the queue is full', async () => {
    bed.tmdb.behave(() => undefined)
    // One request a second: four seconds' worth is a queue of four.
    const server = await app({ TMDB_REQUESTS_PER_SECOND: '1' }, { upstreamTimeoutMs: 400 })
    const responses = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((page) =>
        server.inject({ url: `/api/tmdb/3/discover/movie?page=${String(page)}` }),
      ),
    )
    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      503, 504, 504, 504, 504, 504,
    ])
    // The four queued were answered before their turn came, and never sent.
    expect(bed.tmdb.requests).toHaveLength(1)
    const full = responses.find((response) => response.statusCode === 503)
    expect(full?.headers['retry-after']).toBe('4')
    expect(full?.headers['cache-control']).toBe('no-store')
    expect(full?.json()).toEqual({
      success: false,
      status_code: 11,
      status_message: 'Too many requests are waiting for TMDB: try again in 4 seconds.',
    })
    const late = responses.find((response) => response.statusCode === 504)
    expect(late?.json()).toMatchObject({ success: false, status_code: 24 })
  })

  it('never sends TMDB a queued request whose client has gone', async () => {
    const server = await app({ TMDB_REQUESTS_PER_SECOND: '1' })
    await server.listen({ host: '127.0.0.1', port: 0 })
    const { port } = server.server.address() as AddressInfo
    const page = (number: number) => `/api/tmdb/3/discover/movie?page=${String(number)}`

    // The first takes this second's one upstream request; the next waits its turn.
    const first = server.inject({ url: page(1) })
    await expect.poll(() => bed.tmdb.requests.length).toBe(1)
    const client = get({ host: '127.0.0.1', port, path: page(2) })
    client.on('error', () => undefined)
    await expect.poll(() => server.tmdb.proxy.queued).toBe(1)
    client.destroy()
    await expect.poll(() => server.tmdb.proxy.queued).toBe(0)

    expect((await first).statusCode).toBe(200)
    expect((await server.inject({ url: page(3) })).statusCode).toBe(200)
    expect(bed.tmdb.requests.map(({ url }) => url.searchParams.get('page'))).toEqual(['1', '3'])
  })

  it('passes TMDB’s 429 on with its Retry-After, and pauses upstream calls meanwhile', async () => {
    bed.tmdb.behave((_request, response) => {
      response
        .writeHead(429, { 'content-type': 'application/json', 'retry-after': '30' })
        .end(JSON.stringify({ success: false, status_code: 25, status_message: 'Slow down' }))
    })
    const server = await app()
    const limited = await server.inject({ url: DISCOVER })
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBe('30')
    expect(limited.json()).toMatchObject({ success: false, status_code: 25 })
    bed.tmdb.behave(undefined)
    const meanwhile = await server.inject({ url: '/api/tmdb/3/movie/603' })
    expect(meanwhile.statusCode).toBe(429)
    expect(Number(meanwhile.headers['retry-after'])).toBeGreaterThan(0)
    expect(bed.tmdb.requests).toHaveLength(1)
  })

  it('limits each client IP, with Retry-After and TMDB’s body', async () => {
    const server = await app({ RATE_LIMIT_MAX: '3' })
    const statuses: number[] = []
    for (let index = 0; index < 4; index++) {
      statuses.push(
        (await server.inject({ url: DISCOVER, remoteAddress: '203.0.113.7' })).statusCode,
      )
    }
    expect(statuses).toEqual([200, 200, 200, 429])
    const limited = await server.inject({ url: DISCOVER, remoteAddress: '203.0.113.7' })
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(limited.json()).toMatchObject({ success: false, status_code: 25 })
    // Another visitor is not held back by the first.
    expect((await server.inject({ url: DISCOVER, remoteAddress: '203.0.113.8' })).statusCode).toBe(
      200,
    )
  })

  it('believes X-Forwarded-For only from a trusted proxy', async () => {
    /** The statuses of two requests from the proxy's address, for two visitors. */
    const forwardedFor = async (server: Awaited<ReturnType<typeof app>>) => {
      const statuses: number[] = []
      for (const ip of ['198.51.100.1', '198.51.100.2']) {
        const response = await server.inject({
          url: DISCOVER,
          remoteAddress: '203.0.113.9',
          headers: { 'x-forwarded-for': ip },
        })
        statuses.push(response.statusCode)
      }
      return statuses
    }
    // Untrusted, the header is ignored: both requests count against the proxy's address.
    expect(await forwardedFor(await app({ RATE_LIMIT_MAX: '1' }))).toEqual([200, 429])
    expect(
      await forwardedFor(await app({ RATE_LIMIT_MAX: '1', TRUST_PROXY: '203.0.113.9' })),
    ).toEqual([200, 200])
  })
})
