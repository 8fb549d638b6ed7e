import { describe, expect, it } from 'vitest'
import { TMDB_ERRORS } from '@/mocks/handlers'
import { db, server } from '@/mocks/server'
import { tmdbScenario } from '@/mocks/scenarios'

const API = 'https://api.themoviedb.org'

const get = (path: string) => fetch(`${API}${path}`)

describe('tmdbScenario', () => {
  it('fails an endpoint with a TMDB error as TMDB sends it', async () => {
    server.use(tmdbScenario.fail('search', TMDB_ERRORS.notFound))
    const response = await get('/3/search/movie?query=alien')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual(TMDB_ERRORS.notFound.body)
    // Other endpoints still answer from the catalog.
    expect((await get('/3/discover/movie?page=1')).status).toBe(200)
  })

  it('fails with a status, TMDB’s error body and a Retry-After', async () => {
    server.use(tmdbScenario.fail('discover', { status: 429, retryAfter: 3 }))
    const response = await get('/3/discover/movie')
    expect(response.status).toBe(429)
    expect(response.headers.get('Retry-After')).toBe('3')
    expect(await response.json()).toMatchObject({ success: false, status_code: 25 })
  })

  it('applies only to the requests `when` picks, and only once with `once`', async () => {
    server.use(
      tmdbScenario.fail(
        'discover',
        { status: 500 },
        {
          when: (url) => url.searchParams.get('page') === '2',
          once: true,
        },
      ),
    )
    expect((await get('/3/discover/movie?page=1')).status).toBe(200)
    expect((await get('/3/discover/movie?page=2')).status).toBe(500)
    expect((await get('/3/discover/movie?page=2')).status).toBe(200)
  })

  it('answers with a given body, or one made from the request', async () => {
    server.use(
      tmdbScenario.respond('movie', (request) => ({
        id: Number(new URL(request.url).pathname.split('/').pop()),
        title: 'Made up',
      })),
    )
    expect(await (await get('/3/movie/77')).json()).toEqual({ id: 77, title: 'Made up' })
  })

  it('delays an answer that then comes from the catalog', async () => {
    server.use(tmdbScenario.delay('discover', 20))
    const response = await get('/3/discover/movie?page=1')
    expect(await response.json()).toEqual(db.discover(1))
  })

  it('fails as with no network', async () => {
    server.use(tmdbScenario.networkError('movie'))
    await expect(get('/3/movie/1')).rejects.toThrow()
  })
})
