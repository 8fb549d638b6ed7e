// @vitest-environment node
import { describe, expect, it, vi } from 'vitest'
import { add, drop, movie, signedInListClient } from './list-support'
import { TARGETS } from './support'

// Opening a fresh database (PGlite migrating its schema) takes more than the default 10 s of a
// hook on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

describe.each(TARGETS)('list sync limits on $name', (target) => {
  const client = signedInListClient(target, 'Alice', 'alice@example.com')
  const { synced } = client

  it('answers 401 when not signed in, and no-store', async () => {
    const response = await client.sync({ since: 0, changes: [add(1, 1000)] }, '')
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ error: 'Not signed in' })
    expect(response.headers['cache-control']).toBe('no-store')
    expect(await client.rows()).toEqual([])
  })

  it('answers a bad payload 400 { error } and changes nothing', async () => {
    const before = await client.rows()
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
      const response = await client.sync(payload, client.cookie())
      expect(response.statusCode, JSON.stringify(payload).slice(0, 200)).toBe(400)
      expect(response.json()).toEqual({ error: 'Invalid request' })
    }
    expect(await client.rows()).toEqual(before)
    expect((await synced({ since: 0, changes: [] })).seq).toBe(seq)
  })

  it('takes a first sync of 10,000 entries, and its repeat, in one request each', async () => {
    await client.signUp('Bob', 'bob@example.com')
    const changes = Array.from({ length: 10_000 }, (_, i) =>
      add(i + 1, 1_700_000_000_000 + i, (['favorites', 'watchlist', 'seen'] as const)[i % 3]),
    )
    const first = await synced({ since: 0, changes })
    expect(first.seq).toBe(1)
    expect(first.changes).toHaveLength(10_000)
    const again = await synced({ since: first.seq, changes })
    expect(again).toEqual({ seq: 1, changes: [], hideSeen: null, services: null })
  })
})

describe.each(TARGETS)('a big account’s sync on $name', (target) => {
  const client = signedInListClient(target, 'Carol', 'carol@example.com')
  const { synced } = client
  const many = (from: number, count: number, list: 'favorites' | 'watchlist' | 'seen') =>
    Array.from({ length: count }, (_, i) => add(from + i, 1_700_000_000_000 + i, list))

  it('answers a full sync in pages that end on a whole sync', async () => {
    await synced({ since: 0, changes: many(1, 5000, 'favorites') })
    await synced({ since: 1, changes: many(1, 5000, 'watchlist') })
    await synced({ since: 2, changes: many(1, 1, 'seen') })
    const first = await synced({ since: 0, changes: [] })
    expect(first).toMatchObject({ seq: 1, more: true })
    expect(first.changes).toHaveLength(5000)
    expect(new Set(first.changes.map(({ list }) => list))).toEqual(new Set(['favorites']))
    const second = await synced({ since: first.seq, changes: [] })
    expect(second).toMatchObject({ seq: 2, more: true })
    expect(new Set(second.changes.map(({ list }) => list))).toEqual(new Set(['watchlist']))
    const last = await synced({ since: second.seq, changes: [] })
    expect(last.seq).toBe(3)
    expect(last).not.toHaveProperty('more')
    expect(last.changes.map(({ list, movieId }) => [list, movieId])).toEqual([['seen', 1]])
  })

  it('holds at most 30,000 entries: new ones past that are refused by name, the rest saved', async () => {
    await synced({ since: 0, changes: many(1, 10_000, 'seen') })
    await synced({ since: 0, changes: many(5001, 10_000, 'favorites') })
    const full = await synced({
      since: 0,
      changes: [
        add(20_000, 1_800_000_000_000, 'watchlist'),
        drop(3, 1_800_000_000_000, 'watchlist'),
      ],
    })
    expect(full.refused).toEqual([{ list: 'watchlist', movieId: 20_000 }])
    expect(full.error).toBe(
      'Your lists hold the most entries an account can keep (30,000). Remove some to add more.',
    )
    const rows = await client.rows()
    expect(rows).toHaveLength(30_000)
    expect(rows.find((row) => row.list === 'watchlist' && row.movie_id === 3)?.present).toBe(false)
    expect(rows.some((row) => row.movie_id === 20_000)).toBe(false)
  })
})
