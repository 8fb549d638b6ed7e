// @vitest-environment node
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { namedListKey } from '@/shared/lists/named'
import { add, drop, listClient, movie } from './list-support'
import { accountsApp, SAME_ORIGIN_JSON, targetConfig, TARGETS } from './support'

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

const ID = '0e6f5c3a-1b2d-4c5e-8f90-a1b2c3d4e5f6'
const KEY = namedListKey(ID)
const listMeta = {
  id: ID,
  present: true,
  editedAt: 5000,
  meta: {
    name: 'Best <b>heist</b> films',
    description: 'Ranked',
    ranked: true,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
}
const at = (movieId: number, position: string | null) => ({
  ...add(movieId, 1000, KEY),
  movie: { ...movie(`Heist ${movieId}`), position },
})
const addedAt = (movieId: number, added: string | null) => ({
  ...add(movieId, 1000, 'watchlist'),
  movie: { ...movie(`Film ${movieId}`), added_at: added },
})

function sharesClient(app: () => FastifyInstance) {
  const send = (method: 'GET' | 'PUT' | 'DELETE', url: string, cookie: string, body?: object) =>
    app().inject({
      method,
      url: `/api/account${url}`,
      headers: { ...SAME_ORIGIN_JSON, cookie },
      ...(body ? { payload: body } : {}),
    })
  return {
    put: (list: string, cookie: string, body: object = {}) =>
      send('PUT', `/shares/${list}`, cookie, body),
    remove: (list: string, cookie: string) => send('DELETE', `/shares/${list}`, cookie, {}),
    all: (cookie: string) => send('GET', '/shares', cookie),
    read: (token: string, query = '', headers: Record<string, string> = {}) =>
      app().inject({ method: 'GET', url: `/api/shared/${token}${query}`, headers }),
  }
}

describe.each(TARGETS)('shared lists on $name', (target) => {
  let app: FastifyInstance
  let remove: () => Promise<void>
  const lists = listClient(() => app)
  const shares = sharesClient(() => app)
  let ann = ''
  let ben = ''
  beforeAll(async () => {
    const config = await targetConfig(target)
    remove = config.remove
    app = await accountsApp(config.database)
    ann = await lists.signUp('Ann', 'ann@example.com')
    ben = await lists.signUp('Ben', 'ben@example.com')
    await lists.synced(
      {
        since: 0,
        changes: [
          at(30, 'a1'),
          at(10, 'a0'),
          at(20, 'a1'),
          at(40, null),
          { ...drop(50, 1000, KEY) },
          addedAt(1, '2025-01-01T00:00:00.000Z'),
          addedAt(2, '2025-03-01T00:00:00.000Z'),
          addedAt(3, null),
          addedAt(4, '2025-03-01T00:00:00.000Z'),
          add(99, 1000, 'favorites'),
        ],
        lists: [listMeta],
      },
      ann,
    )
    await lists.synced({ since: 0, changes: [add(7, 1000, 'watchlist')] }, ben)
  })
  afterAll(async () => {
    await app.close()
    await remove()
  })

  it('makes a link once, keeps its token, and lists the account’s links', async () => {
    const made = await shares.put('watchlist', ann)
    expect(made.statusCode).toBe(200)
    const share = made.json<{
      list: string
      token: string
      indexable: boolean
      createdAt: string
    }>()
    expect(share).toMatchObject({ list: 'watchlist', indexable: false })
    expect(share.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Number.isNaN(Date.parse(share.createdAt))).toBe(false)
    const again = await shares.put('watchlist', ann, { indexable: true })
    expect(again.json()).toEqual({ ...share, indexable: true })
    expect((await shares.put('watchlist', ann)).json()).toEqual({ ...share, indexable: true })
    expect((await shares.all(ann)).json()).toEqual({ shares: [{ ...share, indexable: true }] })
    expect((await shares.all(ben)).json()).toEqual({ shares: [] })
    expect((await shares.all('')).statusCode).toBe(401)
    expect((await shares.put('watchlist', '')).statusCode).toBe(401)
  })

  it('refuses a list the account does not hold, a bad name, and a cross-site request', async () => {
    expect(
      (await shares.put(namedListKey('11111111-1111-4111-8111-111111111111'), ann)).json(),
    ).toEqual({
      error: 'Not found',
    })
    expect((await shares.put(KEY, ben)).statusCode).toBe(404)
    expect((await shares.put('wishlist', ann)).statusCode).toBe(404)
    const foreign = await app.inject({
      method: 'PUT',
      url: '/api/account/shares/seen',
      headers: { ...SAME_ORIGIN_JSON, origin: 'https://evil.example', cookie: ann },
      payload: {},
    })
    expect(foreign.statusCode).toBe(403)
  })

  it('shows a fixed list newest first, to anyone, with only its own films and the owner’s name', async () => {
    const { token } = (await shares.put('watchlist', ann)).json<{ token: string }>()
    const response = await shares.read(token)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.headers['x-robots-tag']).toBeUndefined()
    const body = response.json<{ list: object; movies: { id: number }[] }>()
    expect(body.list).toEqual({
      kind: 'watchlist',
      name: 'Watchlist',
      description: '',
      ranked: false,
      owner: 'Ann',
      total: 4,
      indexable: true,
      updatedAt: new Date(1000).toISOString(),
    })
    expect(body.movies.map(({ id }) => id)).toEqual([2, 4, 1, 3])
    expect(body.movies[0]).toEqual({
      id: 2,
      title: 'Film 2',
      poster_path: '/p.jpg',
      release_date: '1979-05-25',
      vote_average: 8.1,
      added_at: '2025-03-01T00:00:00.000Z',
    })
    expect(response.body).not.toContain('ann@example.com')
    expect(response.body).not.toContain('Film 7')
    expect(response.body).not.toContain('Heist')

    const page = (await shares.read(token, '?offset=1&limit=2')).json<typeof body>()
    expect(page).toMatchObject({ offset: 1, limit: 2 })
    expect(page.movies.map(({ id }) => id)).toEqual([4, 1])

    const etag = response.headers.etag
    expect(etag).toMatch(/^"/)
    const revalidated = await shares.read(token, '', { 'if-none-match': String(etag) })
    expect(revalidated.statusCode).toBe(304)
  })

  it('shows a named list in its order, only its present films, noindex unless indexable', async () => {
    const { token } = (await shares.put(KEY, ann)).json<{ token: string }>()
    const response = await shares.read(token)
    expect(response.headers['x-robots-tag']).toBe('noindex')
    const body = response.json<{ list: object; movies: { id: number; position?: string }[] }>()
    expect(body.list).toEqual({
      kind: 'named',
      name: 'Best <b>heist</b> films',
      description: 'Ranked',
      ranked: true,
      owner: 'Ann',
      total: 4,
      indexable: false,
      updatedAt: new Date(5000).toISOString(),
    })
    expect(body.movies.map(({ id, position }) => [id, position])).toEqual([
      [40, null],
      [10, 'a0'],
      [20, 'a1'],
      [30, 'a1'],
    ])
    expect(body).toMatchObject({ offset: 0, limit: 100 })
  })

  it('pages a list of 10,000 films in its order, 200 at most a page', async () => {
    const BIG = '7a0c3e2d-9b8f-4a6e-8d5c-4b3a2f1e0d9c'
    const key = namedListKey(BIG)
    const count = 10_000
    const changes = Array.from({ length: count }, (_, index) => ({
      ...add(100_000 + index, 1000, key),
      movie: { ...movie(`Film ${index}`), position: `a${String(index).padStart(5, '0')}` },
    }))
    await lists.synced(
      {
        since: 0,
        changes,
        lists: [{ ...listMeta, id: BIG, meta: { ...listMeta.meta, name: 'Big' } }],
      },
      ann,
    )
    const { token } = (await shares.put(key, ann)).json<{ token: string }>()
    const last = await shares.read(token, `?offset=${String(count - 150)}&limit=200`)
    const body = last.json<{ list: { total: number }; movies: { id: number }[] }>()
    expect(body.list.total).toBe(count)
    expect(body.movies.map((each) => each.id)).toEqual(
      Array.from({ length: 150 }, (_, index) => 100_000 + count - 150 + index),
    )
    expect((await shares.read(token, '?limit=201')).statusCode).toBe(400)
    expect((await shares.read(token, `?offset=${String(count)}`)).json()).toMatchObject({
      movies: [],
      list: { total: count },
    })
  })

  it('answers 404 to a bad or unknown token, 400 to a bad page', async () => {
    const { token } = (await shares.put('watchlist', ann)).json<{ token: string }>()
    for (const bad of ['short', `${token}x`, 'A'.repeat(43), `${token.slice(0, 42)}.`]) {
      const response = await shares.read(bad)
      expect(response.statusCode, bad).toBe(404)
      expect(response.json()).toEqual({ error: 'Not found' })
    }
    for (const query of ['?limit=0', '?limit=201', '?offset=-1', '?limit=ten']) {
      expect((await shares.read(token, query)).statusCode, query).toBe(400)
    }
  })

  it('ends a link when it is revoked, or its list deleted', async () => {
    const { token } = (await shares.put('seen', ben)).json<{ token: string }>()
    expect((await shares.read(token)).statusCode).toBe(200)
    const revoked = await shares.remove('seen', ben)
    expect(revoked.statusCode).toBe(204)
    expect((await shares.read(token)).statusCode).toBe(404)
    // Shared again: a new link; the old one stays ended.
    const again = (await shares.put('seen', ben)).json<{ token: string }>()
    expect(again.token).not.toBe(token)
    expect((await shares.read(again.token)).statusCode).toBe(200)
    expect((await shares.read(token)).statusCode).toBe(404)

    const named = (await shares.put(KEY, ann)).json<{ token: string }>()
    await lists.synced(
      { since: 0, changes: [], lists: [{ id: ID, present: false, editedAt: 6000 }] },
      ann,
    )
    expect((await shares.read(named.token)).statusCode).toBe(404)
    expect(
      (await shares.all(ann)).json<{ shares: { list: string }[] }>().shares,
    ).not.toContainEqual(expect.objectContaining({ list: KEY }))
  })
})

describe('a link revoked through one instance on one PostgreSQL', () => {
  let a: FastifyInstance
  let b: FastifyInstance
  let remove: () => Promise<void>
  beforeAll(async () => {
    const config = await targetConfig({ name: 'PostgreSQL', kind: 'postgres' })
    remove = config.remove
    a = await accountsApp(config.database)
    b = await accountsApp(config.database)
  })
  afterAll(async () => {
    await a.close()
    await b.close()
    await remove()
  })

  it('is gone on the other at once', async () => {
    const cookie = await listClient(() => a).signUp('Cleo', 'cleo@example.com')
    await listClient(() => a).synced({ since: 0, changes: [add(1, 1000, 'favorites')] }, cookie)
    const { token } = (await sharesClient(() => a).put('favorites', cookie)).json<{
      token: string
    }>()
    expect((await sharesClient(() => b).read(token)).statusCode).toBe(200)
    expect((await sharesClient(() => a).remove('favorites', cookie)).statusCode).toBe(204)
    expect((await sharesClient(() => b).read(token)).statusCode).toBe(404)
  })
})
