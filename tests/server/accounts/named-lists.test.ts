// @vitest-environment node
import { sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { applyEdits, EMPTY_STATE, type ListEdit, type SyncState } from '@/shared/lists/merge'
import { comparePositions, namedListKey, type ListMetaEdit } from '@/shared/lists/named'
import { add, drop, movie, signedInListClient } from './list-support'
import { rowsOf, TARGETS } from './support'

// Opening a fresh database (PGlite migrating its schema) takes more than the default 10 s of a
// hook on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

const ID = '3b241101-e2bb-4255-8caf-4136c566a962'
const OTHER = '9c5b94b1-35ad-49bb-b118-8e8fc24abf80'
const KEY = namedListKey(ID)

const meta = (name: string, extra: Partial<NonNullable<ListMetaEdit['meta']>> = {}) => ({
  name,
  description: 'Films to see on a rainy day',
  ranked: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...extra,
})
const list = (id: string, editedAt: number, name = 'Rainy day', extra = {}) => ({
  id,
  present: true,
  editedAt,
  meta: meta(name, extra),
})
const placed = (movieId: number, editedAt: number, position: string | null, key = KEY) => ({
  ...add(movieId, editedAt, key),
  movie: { ...movie(`Film ${movieId}`), position },
})

/** One device: what it holds, its `since`, and the edits it has not sent yet. */
function device() {
  let state: SyncState = EMPTY_STATE
  let since = 0
  let pending: ListEdit[] = []
  return {
    edit(...edits: ListEdit[]) {
      state = applyEdits(state, edits)
      pending.push(...edits)
    },
    async sync(synced: (payload: unknown) => Promise<{ seq: number; changes: ListEdit[] }>) {
      const answer = await synced({ since, changes: pending })
      pending = []
      since = answer.seq
      state = applyEdits(state, answer.changes)
    },
    order: (key: string) =>
      [...state.entries.values()]
        .filter((edit) => edit.list === key && edit.present)
        .map((edit) => ({ id: edit.movieId, position: edit.movie?.position ?? null }))
        .sort(comparePositions)
        .map(({ id }) => id),
    entries: () => [...state.entries.entries()].sort(([a], [b]) => (a < b ? -1 : 1)),
  }
}

describe.each(TARGETS)('named lists in the sync on $name', (target) => {
  const client = signedInListClient(target, 'Nina', 'nina@example.com')
  const { synced } = client

  it('takes a list and its films with their places to another device', async () => {
    const first = await synced({
      since: 0,
      changes: [placed(1, 1000, 'a0'), placed(2, 1000, 'a1'), add(3, 1000, 'favorites')],
      lists: [list(ID, 1000)],
    })
    expect(first.seq).toBe(1)
    expect(first.lists).toEqual([list(ID, 1000)])
    expect(first.changes).toContainEqual(placed(1, 1000, 'a0'))
    // The three lists every account has carry no place.
    expect(first.changes).toContainEqual(add(3, 1000, 'favorites'))

    const other = await synced({ since: 0, changes: [] })
    expect(other.lists).toEqual([list(ID, 1000)])
    expect(other.changes).toHaveLength(3)
    expect((await synced({ since: first.seq, changes: [] })).lists).toEqual([])
  })

  it('keeps the later meta edit, whatever order they come in, and a repeat changes nothing', async () => {
    const renamed = list(ID, 3000, 'Rainy Sunday')
    const once = await synced({ since: 1, changes: [], lists: [renamed] })
    expect(once.seq).toBe(2)
    expect(once.lists).toEqual([renamed])
    const older = await synced({ since: 2, changes: [], lists: [list(ID, 2000, 'Old name')] })
    expect(older).toMatchObject({ seq: 2, lists: [] })
    expect(await synced({ since: 2, changes: [], lists: [renamed] })).toMatchObject({
      seq: 2,
      lists: [],
    })
    // A clock ahead of the server's: taken as now, and recognised when it comes again.
    const ahead = { ...list(ID, 8e15, 'From the future') }
    const clamped = await synced({ since: 2, changes: [], lists: [ahead] })
    expect(clamped.seq).toBe(3)
    expect(clamped.lists[0]?.editedAt).toBeLessThanOrEqual(Date.now())
    expect((await synced({ since: 3, changes: [], lists: [ahead] })).seq).toBe(3)
  })

  it('takes a positions-only edit and answers it with the place; a film without one has null', async () => {
    const moved = await synced({
      since: 3,
      changes: [placed(2, 4000, 'Zz'), { ...add(5, 4000, KEY), movie: movie('Film 5') }],
    })
    expect(moved.changes).toEqual([
      placed(2, 4000, 'Zz'),
      { ...add(5, 4000, KEY), movie: { ...movie('Film 5'), position: null } },
    ])
  })

  it('ends two devices that reorder one list at once in one order', async () => {
    const key = namedListKey(OTHER)
    const a = device()
    const b = device()
    await client.signUp('Olga', 'olga@example.com')
    a.edit(placed(1, 1000, 'a0', key), placed(2, 1000, 'a1', key), placed(3, 1000, 'a2', key))
    await a.sync(synced)
    await b.sync(synced)
    expect(b.order(key)).toEqual([1, 2, 3])

    // Offline, each moves films; both move film 2, at the same time, to different places.
    a.edit(placed(3, 2000, 'Zz', key), placed(2, 3000, 'a5', key))
    b.edit(placed(1, 2001, 'a3', key), placed(2, 3000, 'Z0', key))
    await a.sync(synced)
    await b.sync(synced)
    await a.sync(synced)
    expect(a.order(key)).toEqual(b.order(key))
    expect(a.entries()).toEqual(b.entries())
    // Of the two edits at one time, the greater as text; the other device's later edits stand.
    expect(a.order(key)).toEqual([3, 1, 2])
    const fresh = device()
    await fresh.sync(synced)
    expect(fresh.order(key)).toEqual(a.order(key))
  })

  it('deletes a list as a tombstone without its meta; its entries need none', async () => {
    await client.signUp('Pia', 'pia@example.com')
    await synced({ since: 0, changes: [placed(1, 1000, 'a0')], lists: [list(ID, 1000)] })
    const deleted = await synced({
      since: 1,
      changes: [],
      lists: [{ id: ID, present: false, editedAt: 2000, meta: meta('Kept?') }],
    })
    expect(deleted.lists).toEqual([{ id: ID, present: false, editedAt: 2000 }])
    const older = await synced({ since: 2, changes: [], lists: [list(ID, 1500)] })
    expect(older.seq).toBe(2)
  })

  it('stores a name with HTML as text, and refuses control and direction characters', async () => {
    await client.signUp('Quinn', 'quinn@example.com')
    const html = '<img src=x onerror=alert(1)> & <b>bold</b>'
    const saved = await synced({
      since: 0,
      changes: [],
      lists: [list(ID, 1000, html, { description: '<script>alert(1)</script>\nline two' })],
    })
    expect(saved.lists[0]?.meta).toEqual(
      meta(html, { description: '<script>alert(1)</script>\nline two' }),
    )
    const hostile = [
      'Top \u202eevil',
      'Top \u2066isolate',
      'Bell \u0007',
      '   ',
      'x'.repeat(101),
    ].map((name) => list(OTHER, 2000, name))
    hostile.push(list(OTHER, 2000, 'Fine', { description: 'Turn \u202e around' }))
    hostile.push(list(OTHER, 2000, 'Fine', { description: 'x'.repeat(1001) }))
    hostile.push(list(OTHER, 2000, 'Fine', { createdAt: '2026-13-45T00:00:00Z' }))
    for (const edit of hostile) {
      const response = await client.sync({ since: 0, changes: [], lists: [edit] }, client.cookie())
      expect(response.statusCode, JSON.stringify(edit).slice(0, 120)).toBe(400)
      expect(response.json()).toEqual({ error: 'Invalid request' })
    }
  })

  it('answers bad keys, places and list edits 400 and changes nothing', async () => {
    const { seq } = await synced({ since: 0, changes: [] })
    const bad: unknown[] = [
      { since: 0, changes: [add(1, 1000, 'list:nope')] },
      { since: 0, changes: [add(1, 1000, `list:${ID.toUpperCase()}` as ListEdit['list'])] },
      { since: 0, changes: [add(1, 1000, `${KEY}x` as ListEdit['list'])] },
      { since: 0, changes: [placed(1, 1000, '')] },
      { since: 0, changes: [placed(1, 1000, 'a b')] },
      { since: 0, changes: [placed(1, 1000, 'é')] },
      { since: 0, changes: [placed(1, 1000, 'a'.repeat(201))] },
      { since: 0, changes: [], lists: [{ id: ID, present: true, editedAt: 1000 }] },
      { since: 0, changes: [], lists: [{ ...list(ID, 1000), id: 'not-a-uuid' }] },
      { since: 0, changes: [], lists: [{ ...list(ID, 1000), id: KEY }] },
      { since: 0, changes: [], lists: [{ ...list(ID, 1000), editedAt: -1 }] },
      { since: 0, changes: [], lists: [{ ...list(ID, 1000), meta: { name: 'A' } }] },
      { since: 0, changes: [], lists: Array.from({ length: 2001 }, () => list(ID, 1000)) },
    ]
    for (const payload of bad) {
      const response = await client.sync(payload, client.cookie())
      expect(response.statusCode, JSON.stringify(payload).slice(-160)).toBe(400)
      expect(response.json()).toEqual({ error: 'Invalid request' })
    }
    expect((await synced({ since: 0, changes: [] })).seq).toBe(seq)
  })

  it('refuses a body of 10 MB before reading it', async () => {
    const response = await client.sync(
      { since: 0, changes: [], padding: 'x'.repeat(10 * 1024 * 1024) },
      client.cookie(),
    )
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ error: 'Invalid request' })
  })
})

describe.each(TARGETS)('named lists’ limits on $name', (target) => {
  const client = signedInListClient(target, 'Rosa', 'rosa@example.com')
  const { synced } = client
  const uuid = (i: number) => `${i.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`

  it('keeps up to 1,000 lists: a new one past that is refused by id, the rest saved', async () => {
    const id = await client.userIdOf('rosa@example.com')
    // Written directly: 999 lists through the API are not what is tested.
    await client.app().db.execute(sql`
      insert into named_list (user_id, list_id, present, edited_at, sent_edited_at, name,
        description, ranked, created_at, server_seq)
      select ${id}, lpad(to_hex(i), 8, '0') || '-0000-4000-8000-000000000000', true, 1000, 1000,
        'List ' || i, '', false, '2026-01-01T00:00:00.000Z', 1
      from generate_series(1, 999) as i`)
    await client.app().db.execute(sql`insert into list_sync (user_id, seq) values (${id}, 1)`)
    const full = await synced({
      since: 1,
      changes: [placed(1, 2000, 'a0', namedListKey(uuid(2001))), add(7, 2000, 'seen')],
      lists: [list(uuid(2000), 2000, 'One more'), list(uuid(2001), 2000, 'Too many')],
    })
    expect(full.refusedLists).toEqual([uuid(2001)])
    expect(full.refused).toEqual([{ list: namedListKey(uuid(2001)), movieId: 1 }])
    expect(full.error).toBe('You can keep up to 1,000 lists.')
    expect(full.lists.map(({ id }) => id)).toEqual([uuid(2000)])
    expect(full.changes.map(({ movieId }) => movieId)).toEqual([7])

    // A list deleted in the same request makes room.
    const swapped = await synced({
      since: full.seq,
      changes: [],
      lists: [{ id: uuid(1), present: false, editedAt: 3000 }, list(uuid(2001), 3000)],
    })
    expect(swapped).not.toHaveProperty('refusedLists')
    expect(swapped.lists.map(({ id }) => id).sort()).toEqual([uuid(1), uuid(2001)])
  })

  it('keeps up to 10,000 films on a list: one past that is refused, the rest saved', async () => {
    await client.signUp('Sam', 'sam@example.com')
    const id = await client.userIdOf('sam@example.com')
    await synced({ since: 0, changes: [], lists: [list(ID, 1000)] })
    await client.app().db.execute(sql`
      insert into list_entry (user_id, list, movie_id, present, edited_at, sent_edited_at, title,
        position, server_seq)
      select ${id}, ${KEY}, i, true, 1000, 1000, 'Film', 'a' || lpad(i::text, 5, '0'), 1
      from generate_series(1, 9999) as i`)
    const full = await synced({
      since: 1,
      changes: [
        placed(20_001, 2000, 'b0'),
        placed(20_002, 2000, 'b1'),
        placed(5, 2000, 'Z0'),
        add(20_003, 2000, 'watchlist'),
      ],
    })
    expect(full.refused).toEqual([{ list: KEY, movieId: 20_002 }])
    expect(full.error).toBe('A list can hold up to 10,000 movies.')
    expect(full.changes.map(({ movieId }) => movieId).sort((x, y) => x - y)).toEqual([
      5, 20_001, 20_003,
    ])
    // A removal in the same request makes room.
    const swapped = await synced({
      since: full.seq,
      changes: [drop(9, 3000, KEY), placed(20_002, 3000, 'b1')],
    })
    expect(swapped).not.toHaveProperty('refused')
    const [present] = await rowsOf<{ n: number }>(
      client.app().db,
      sql`select count(*)::int as n from list_entry where user_id = ${id} and list = ${KEY} and present`,
    )
    expect(present?.n).toBe(10_000)
  })
})
