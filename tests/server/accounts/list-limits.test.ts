// @vitest-environment node
import { sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { MAX_ENTRIES_PER_ACCOUNT } from '../../../server/lists/sync'
import { add, drop, movie, signedInListClient } from './list-support'
import { rowsOf, TARGETS } from './support'

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
    expect(again).toEqual({
      seq: 1,
      changes: [],
      hideSeen: null,
      services: null,
      lists: [],
      ratings: [],
      viewings: [],
    })
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

  it('holds at most 100,000 entries: new ones past that are refused by name, the rest saved', async () => {
    await client.signUp('Dan', 'dan@example.com')
    const id = await client.userIdOf('dan@example.com')
    // Written directly: 100,000 entries through the API would take minutes.
    await client.app().db.execute(sql`
      insert into list_entry (user_id, list, movie_id, present, edited_at, sent_edited_at, title,
        server_seq)
      select ${id}, (array['favorites', 'watchlist', 'seen'])[i % 3 + 1], i, true, 1000, 1000,
        'Film', 1
      from generate_series(1, ${MAX_ENTRIES_PER_ACCOUNT}) as i`)
    await client.app().db.execute(sql`insert into list_sync (user_id, seq) values (${id}, 1)`)
    const full = await synced({
      since: 0,
      changes: [
        add(200_000, 1_800_000_000_000, 'watchlist'),
        drop(3, 1_800_000_000_000, 'favorites'),
      ],
    })
    expect(full.refused).toEqual([{ list: 'watchlist', movieId: 200_000 }])
    expect(full.error).toBe(
      'Your lists hold the most entries an account can keep (100,000). Remove some to add more.',
    )
    const rows = await rowsOf<{ list: string; movie_id: number; present: boolean }>(
      client.app().db,
      sql`select list, movie_id, present from list_entry
        where user_id = ${id} and movie_id in (3, 200000)`,
    )
    expect(rows).toEqual([{ list: 'favorites', movie_id: 3, present: false }])
  })
})
