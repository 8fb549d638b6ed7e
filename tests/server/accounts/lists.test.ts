// @vitest-environment node
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ListEdit } from '@/features/lists/sync/merge'
import { accountsApp, rowsOf, TARGETS, targetConfig } from './support'

vi.setConfig({ testTimeout: 120_000 })

const json = {
  'content-type': 'application/json',
  origin: 'http://localhost:80',
  host: 'localhost:80',
}
const movie = (title: string) => ({
  title,
  poster_path: '/p.jpg',
  release_date: '1979-05-25',
  vote_average: 8.1,
  added_at: '2025-01-02T03:04:05.000Z',
})
const add = (movieId: number, editedAt: number, list: ListEdit['list'] = 'watchlist') => ({
  list,
  movieId,
  present: true,
  editedAt,
  movie: movie(`Film ${movieId}`),
})
const drop = (movieId: number, editedAt: number, list: ListEdit['list'] = 'watchlist') => ({
  list,
  movieId,
  present: false,
  editedAt,
})

interface Answer {
  seq: number
  changes: ListEdit[]
  hideSeen: { value: boolean; editedAt: number } | null
}

describe.each(TARGETS)('list sync on $name', (target) => {
  let app: FastifyInstance
  let remove: () => Promise<void>
  let cookie = ''

  const sync = (payload: unknown, as = cookie) =>
    app.inject({
      method: 'POST',
      url: '/api/account/lists/sync',
      payload: JSON.stringify(payload),
      headers: { ...json, cookie: as },
    })
  const synced = async (payload: unknown) => {
    const response = await sync(payload)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<Answer>()
  }
  const rows = () =>
    rowsOf<Record<string, unknown>>(app.db, sql`select * from list_entry order by list, movie_id`)
  const signUp = async (name: string, email: string) => {
    const password = 'Secret1!'
    await app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: { name, email, password },
      headers: json,
    })
    const login = await app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { email, password },
      headers: json,
    })
    return login.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
  }

  beforeAll(async () => {
    const config = await targetConfig(target)
    remove = config.remove
    app = await accountsApp(config.database)
    cookie = await signUp('Alice', 'alice@example.com')
  })
  afterAll(async () => {
    await app.close()
    await remove()
  })

  it('answers 401 when not signed in, and no-store', async () => {
    const response = await sync({ since: 0, changes: [add(1, 1000)] }, '')
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ error: 'Not signed in' })
    expect(response.headers['cache-control']).toBe('no-store')
    expect(await rows()).toEqual([])
  })

  it('keeps a first sync, then answers only what changed since', async () => {
    const first = await synced({
      since: 0,
      changes: [
        add(1, 1000),
        add(2, 1000, 'favorites'),
        { ...add(3, 1000, 'seen'), movie: { title: 'Bare' } },
      ],
      hideSeen: { value: true, editedAt: 1000 },
    })
    expect(first.seq).toBe(1)
    expect(first.changes).toHaveLength(3)
    expect(first.changes).toContainEqual(add(1, 1000))
    expect(first.changes).toContainEqual({
      ...add(3, 1000, 'seen'),
      movie: {
        title: 'Bare',
        poster_path: null,
        release_date: null,
        vote_average: null,
        added_at: null,
      },
    })
    expect(first.hideSeen).toEqual({ value: true, editedAt: 1000 })

    // Another device, which has seen that sync, removes one film.
    const second = await synced({ since: first.seq, changes: [drop(1, 2000)] })
    expect(second.seq).toBe(2)
    expect(second.changes).toEqual([drop(1, 2000)])
    expect((await synced({ since: second.seq, changes: [] })).changes).toEqual([])
    expect((await synced({ since: 0, changes: [] })).changes).toHaveLength(3)
  })

  it('changes nothing when a request comes twice', async () => {
    const request = { since: 2, changes: [add(4, 3000), drop(2, 3000, 'favorites')] }
    const once = await synced(request)
    const before = await rows()
    const twice = await synced(request)
    expect(twice.seq).toBe(once.seq)
    expect(twice.changes).toEqual(once.changes)
    expect(await rows()).toEqual(before)
  })

  it('lets the later edit stand whatever order they arrive in; a removal is not undone by an older add', async () => {
    await synced({ since: 0, changes: [drop(10, 2000)] })
    await synced({ since: 0, changes: [add(10, 1000)] })
    await synced({ since: 0, changes: [add(11, 1000)] })
    await synced({ since: 0, changes: [drop(11, 2000)] })
    await synced({ since: 0, changes: [drop(12, 1000)] })
    await synced({ since: 0, changes: [add(12, 2000)] })
    // Two devices adding different films keep both.
    await synced({ since: 0, changes: [add(13, 1500)] })
    const { changes } = await synced({ since: 0, changes: [add(14, 1400)] })
    const state = (id: number) => changes.find((entry) => entry.movieId === id)
    expect(state(10)).toEqual(drop(10, 2000))
    expect(state(11)).toEqual(drop(11, 2000))
    expect(state(12)).toEqual(add(12, 2000))
    expect(state(13)?.present && state(14)?.present).toBe(true)
  })

  it('takes a time in the future as now: it cannot win over later edits', async () => {
    const future = Date.now() + 365 * 24 * 3600 * 1000
    const request = {
      since: 0,
      changes: [add(20, future)],
      hideSeen: { value: false, editedAt: future },
    }
    const answer = await synced(request)
    const stored = answer.changes.find((entry) => entry.movieId === 20)
    expect(stored?.editedAt).toBeLessThanOrEqual(Date.now())
    expect(answer.hideSeen?.editedAt).toBeLessThanOrEqual(Date.now())
    await new Promise((resolve) => setTimeout(resolve, 5))
    // Sent again, later: still the same edit, so nothing changes.
    const again = await synced(request)
    expect(again.seq).toBe(answer.seq)
    expect(again.hideSeen).toEqual(answer.hideSeen)
    // An edit made after the clamped time, on a right clock, wins.
    const later = Date.now()
    const after = await synced({
      since: answer.seq,
      changes: [drop(20, later)],
      hideSeen: { value: true, editedAt: later },
    })
    expect(after.changes).toEqual([drop(20, later)])
    expect(after.hideSeen).toEqual({ value: true, editedAt: later })
  })

  it('answers a bad payload 400 { error } and changes nothing', async () => {
    const before = await rows()
    const { seq } = await synced({ since: 0, changes: [] })
    const bad: unknown[] = [
      {},
      { since: -1, changes: [] },
      { since: 0, changes: [add(0, 1000)] },
      { since: 0, changes: [add(1.5, 1000)] },
      { since: 0, changes: [add(5, -1)] },
      { since: 0, changes: [add(5, 1000), { ...add(6, 1000), list: 'wishlist' }] },
      { since: 0, changes: [{ ...add(5, 1000), movie: undefined }] },
      { since: 0, changes: [{ ...add(5, 1000), movie: movie('x'.repeat(301)) }] },
      { since: 0, changes: [{ ...add(5, 1000), movie: { ...movie('A'), release_date: 'soon' } }] },
      {
        since: 0,
        changes: [{ ...add(5, 1000), movie: { ...movie('A'), added_at: '2025-13-45T00:00:00Z' } }],
      },
      { since: 0, changes: [{ ...add(5, 1000), movie: { ...movie('A'), vote_average: 11 } }] },
      { since: 0, changes: [], hideSeen: { value: 'yes please', editedAt: 1000 } },
      { since: 0, changes: Array.from({ length: 10_001 }, (_, i) => drop(i + 1, 1000)) },
    ]
    for (const payload of bad) {
      const response = await sync(payload)
      expect(response.statusCode, JSON.stringify(payload).slice(0, 200)).toBe(400)
      expect(response.json()).toEqual({ error: 'Invalid request' })
    }
    expect(await rows()).toEqual(before)
    expect((await synced({ since: 0, changes: [] })).seq).toBe(seq)
  })

  it('takes a first sync of 10,000 entries, and its repeat, in one request each', async () => {
    cookie = await signUp('Bob', 'bob@example.com')
    const changes = Array.from({ length: 10_000 }, (_, i) =>
      add(i + 1, 1_700_000_000_000 + i, (['favorites', 'watchlist', 'seen'] as const)[i % 3]),
    )
    const first = await synced({ since: 0, changes })
    expect(first.seq).toBe(1)
    expect(first.changes).toHaveLength(10_000)
    const again = await synced({ since: first.seq, changes })
    expect(again).toEqual({ seq: 1, changes: [], hideSeen: null })
  })
})
