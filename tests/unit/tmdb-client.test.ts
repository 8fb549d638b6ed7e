import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { readTmdbConfig } from '@/config/env'
import { server } from '@/mocks/server'
import { createTmdbClient, posterUrl, TmdbError } from '@/lib/tmdb'

const API = 'https://api.themoviedb.org'

function clientWith(env: Record<string, string>) {
  return createTmdbClient(readTmdbConfig(env))
}

/** Records each request the client sends, answering with a minimal valid body. */
function captureRequests() {
  const seen: Request[] = []
  const paged = { page: 1, results: [], total_pages: 1, total_results: 0 }
  server.use(
    http.get(`${API}/3/discover/movie`, ({ request }) => {
      seen.push(request)
      return HttpResponse.json(paged)
    }),
    http.get(`${API}/3/search/movie`, ({ request }) => {
      seen.push(request)
      return HttpResponse.json(paged)
    }),
    http.get(`${API}/3/movie/:id`, ({ request }) => {
      seen.push(request)
      return HttpResponse.json({ id: 1 })
    }),
  )
  return seen
}

async function callAll(client: ReturnType<typeof clientWith>) {
  await client.discoverMovies(2)
  await client.searchMovies('the matrix & co', 3)
  await client.getMovie(603)
}

describe('configuration', () => {
  it('is in demo mode only with no credential, and trims trailing slashes', () => {
    expect(readTmdbConfig({}).demo).toBe(true)
    expect(readTmdbConfig({ VITE_TMDB_TOKEN: '  ' }).demo).toBe(true)
    expect(readTmdbConfig({ VITE_TMDB_API_KEY: 'k' }).demo).toBe(false)
    const config = readTmdbConfig({
      VITE_TMDB_API_URL: 'http://localhost:9999/',
      VITE_TMDB_IMAGE_URL: 'http://localhost:9999/img/',
    })
    expect(config.apiUrl).toBe('http://localhost:9999')
    expect(config.imageUrl).toBe('http://localhost:9999/img')
  })
})

describe('requests (behaviour §7)', () => {
  it('with both credentials: discover sends the bearer token, search and detail the api key', async () => {
    const seen = captureRequests()
    await callAll(clientWith({ VITE_TMDB_TOKEN: 'tok', VITE_TMDB_API_KEY: 'key' }))
    const [discover, search, detail] = seen
    expect(discover?.url).toBe(
      `${API}/3/discover/movie?include_adult=false&include_video=false&language=en-US&page=2&sort_by=popularity.desc`,
    )
    expect(discover?.headers.get('authorization')).toBe('Bearer tok')
    expect(search?.url).toBe(`${API}/3/search/movie?query=the+matrix+%26+co&page=3&api_key=key`)
    expect(search?.headers.get('authorization')).toBeNull()
    expect(detail?.url).toBe(`${API}/3/movie/603?language=en-US&api_key=key`)
    expect(seen.every((request) => request.method === 'GET')).toBe(true)
  })

  it('with only a token, every call uses the bearer header', async () => {
    const seen = captureRequests()
    await callAll(clientWith({ VITE_TMDB_TOKEN: 'tok' }))
    expect(seen).toHaveLength(3)
    for (const request of seen) {
      expect(request.headers.get('authorization')).toBe('Bearer tok')
      expect(new URL(request.url).searchParams.has('api_key')).toBe(false)
    }
  })

  it('with only an api key, every call sends api_key', async () => {
    const seen = captureRequests()
    await callAll(clientWith({ VITE_TMDB_API_KEY: 'key' }))
    for (const request of seen) {
      expect(request.headers.get('authorization')).toBeNull()
      expect(new URL(request.url).searchParams.get('api_key')).toBe('key')
    }
  })

  it('in demo mode sends no credential at all', async () => {
    const seen = captureRequests()
    await callAll(clientWith({}))
    for (const request of seen) {
      expect(request.headers.get('authorization')).toBeNull()
      expect(new URL(request.url).searchParams.has('api_key')).toBe(false)
    }
  })
})

describe('responses', () => {
  const client = clientWith({ VITE_TMDB_TOKEN: 'tok' })

  it('accepts any 2xx and tolerates unknown and missing optional fields', async () => {
    server.use(
      http.get(`${API}/3/movie/:id`, () =>
        HttpResponse.json(
          { id: 7, title: 'Seven', extra: { nested: true }, genres: null },
          { status: 203 },
        ),
      ),
    )
    const movie = await client.getMovie(7)
    expect(movie).toEqual({ id: 7, title: 'Seven', genres: null })
  })

  it('maps TMDB error bodies to a TmdbError with status, code and message', async () => {
    server.use(
      http.get(`${API}/3/movie/:id`, () =>
        HttpResponse.json(
          { success: false, status_code: 7, status_message: 'Invalid API key' },
          { status: 401 },
        ),
      ),
    )
    const error = await client.getMovie(1).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(TmdbError)
    expect(error).toMatchObject({
      kind: 'http',
      status: 401,
      statusCode: 7,
      statusMessage: 'Invalid API key',
    })
  })

  it('reads Retry-After on a 429', async () => {
    server.use(
      http.get(`${API}/3/discover/movie`, () =>
        HttpResponse.json({ status_code: 25 }, { status: 429, headers: { 'Retry-After': '3' } }),
      ),
    )
    await expect(client.discoverMovies(1)).rejects.toMatchObject({
      status: 429,
      statusCode: 25,
      retryAfter: 3,
    })
  })

  it('reports an error status without a JSON body, a network failure, bad JSON and a wrong shape', async () => {
    server.use(
      http.get(`${API}/3/movie/1`, () => new HttpResponse('upstream down', { status: 503 })),
    )
    await expect(client.getMovie(1)).rejects.toMatchObject({
      kind: 'http',
      status: 503,
      statusCode: undefined,
    })

    server.use(http.get(`${API}/3/movie/2`, () => HttpResponse.error()))
    await expect(client.getMovie(2)).rejects.toMatchObject({ kind: 'network', status: 0 })

    server.use(http.get(`${API}/3/movie/3`, () => new HttpResponse('{not json', { status: 200 })))
    await expect(client.getMovie(3)).rejects.toMatchObject({
      kind: 'invalid-response',
      status: 200,
    })

    server.use(http.get(`${API}/3/movie/4`, () => HttpResponse.json({ title: 'no id' })))
    await expect(client.getMovie(4)).rejects.toMatchObject({ kind: 'invalid-response' })
  })

  it('lets a cancelled request end as an AbortError, not a TmdbError', async () => {
    const controller = new AbortController()
    server.use(http.get(`${API}/3/movie/5`, () => new Promise<never>(() => undefined)))
    const pending = client.getMovie(5, { signal: controller.signal })
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })
})

describe('posterUrl', () => {
  it('builds w300 and w200 URLs on the image host and falls back to the local placeholder', () => {
    expect(posterUrl('/abc.jpg', 'w300', 'https://img.example/t/p')).toBe(
      'https://img.example/t/p/w300/abc.jpg',
    )
    expect(posterUrl('/abc.jpg', 'w200', 'https://img.example/t/p')).toBe(
      'https://img.example/t/p/w200/abc.jpg',
    )
    expect(posterUrl(null, 'w300', 'https://img.example/t/p')).toBe('/placeholder-poster.svg')
    expect(posterUrl(undefined, 'w200', 'https://img.example/t/p')).toBe('/placeholder-poster.svg')
  })
})
