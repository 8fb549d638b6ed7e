// @vitest-environment node
import { sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import type { Viewing } from '@/shared/film-log/records'
import { MAX_VIEWINGS_PER_ACCOUNT } from '../../../server/lists/sync'
import { add, openStream, signedInListClient } from './list-support'
import { rowsOf, SAME_ORIGIN_JSON, TARGETS } from './support'

// Opening a fresh database (PGlite migrating its schema) takes more than the default 10 s of a
// hook on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

const uuid = (i: number) => `${i.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`
const DAY = 24 * 3600 * 1000
const dayIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10)

const watched = (movieId: number, extra: Partial<Viewing> = {}): Viewing => ({
  movieId,
  watchedOn: '2026-01-02',
  rating: 8,
  rewatch: false,
  note: 'Saw it at the Rio.\nTwice the popcorn.',
  spoilers: false,
  tags: ['cinema', 'with Ann'],
  film: {
    title: `Film ${movieId}`,
    poster_path: '/p.jpg',
    release_date: '1999-03-31',
    runtime: 136,
    genres: [28, 878],
    directors: [{ id: 9339, name: 'Lana Wachowski' }],
  },
  ...extra,
})
const logged = (id: string, editedAt: number, viewing = watched(603)) => ({
  id,
  present: true,
  editedAt,
  viewing,
})
const deleted = (id: string, editedAt: number) => ({ id, present: false, editedAt })
const rated = (movieId: number, value: number | null, editedAt: number) => ({
  movieId,
  value,
  editedAt,
})

describe.each(TARGETS)('ratings and viewings in the sync on $name', (target) => {
  const client = signedInListClient(target, 'Ada', 'ada@example.com')
  const { synced } = client
  const logRows = async () => ({
    ratings: await rowsOf<Record<string, unknown>>(
      client.app().db,
      sql`select * from rating order by user_id, movie_id`,
    ),
    viewings: await rowsOf<Record<string, unknown>>(
      client.app().db,
      sql`select * from viewing order by user_id, viewing_id`,
    ),
  })

  it('takes ratings and viewings from one device to another, and then only what changed', async () => {
    const first = await synced({
      since: 0,
      changes: [],
      ratings: [rated(603, 9, 1000), rated(11, 3, 1000)],
      viewings: [logged(uuid(1), 1000), logged(uuid(2), 1000, watched(11, { rating: null }))],
    })
    expect(first.seq).toBe(1)
    expect(first.ratings).toEqual([rated(11, 3, 1000), rated(603, 9, 1000)])
    expect(first.viewings).toEqual([
      logged(uuid(1), 1000),
      logged(uuid(2), 1000, watched(11, { rating: null })),
    ])
    const other = await synced({ since: 0, changes: [] })
    expect(other).toMatchObject({ seq: 1, ratings: first.ratings, viewings: first.viewings })
    expect(await synced({ since: 1, changes: [] })).toMatchObject({ ratings: [], viewings: [] })
  })

  it('lets the later edit stand whatever order they come in; deletions and clearings stand', async () => {
    const later = logged(uuid(1), 3000, watched(603, { note: 'Better the second time' }))
    expect((await synced({ since: 1, changes: [], viewings: [later] })).seq).toBe(2)
    const older = await synced({
      since: 2,
      changes: [],
      viewings: [logged(uuid(1), 2000, watched(603, { note: 'Older' }))],
      ratings: [rated(603, 4, 500)],
    })
    expect(older).toMatchObject({ seq: 2, ratings: [], viewings: [] })

    const gone = await synced({
      since: 2,
      changes: [],
      viewings: [{ ...deleted(uuid(2), 4000), viewing: watched(11) }],
      ratings: [rated(11, null, 4000)],
    })
    expect(gone).toMatchObject({
      seq: 3,
      ratings: [rated(11, null, 4000)],
      viewings: [deleted(uuid(2), 4000)],
    })
    const stale = await synced({
      since: 3,
      changes: [],
      viewings: [logged(uuid(2), 3500, watched(11))],
      ratings: [rated(11, 7, 3999)],
    })
    expect(stale.seq).toBe(3)
    const all = await synced({ since: 0, changes: [] })
    expect(all.ratings).toEqual([rated(603, 9, 1000), rated(11, null, 4000)])
    expect(all.viewings).toEqual([later, deleted(uuid(2), 4000)])
    const { viewings } = await logRows()
    expect(viewings.find((row) => row.viewing_id === uuid(2))).toMatchObject({ viewing: null })
  })

  it('changes nothing when the same request comes twice, a clock ahead included', async () => {
    const ahead = Date.now() + 365 * DAY
    const request = {
      since: 3,
      changes: [],
      ratings: [rated(100, 6, ahead), rated(101, 10, 5000)],
      viewings: [logged(uuid(3), ahead, watched(100)), deleted(uuid(4), 5000)],
    }
    const once = await synced(request)
    expect(once.seq).toBe(4)
    expect(once.ratings[0]?.editedAt).toBeLessThanOrEqual(Date.now())
    const before = await logRows()
    const twice = await synced(request)
    expect(twice.seq).toBe(4)
    expect(await logRows()).toEqual(before)
  })

  it('sends every rating and viewing to a device that asks from logSince 0', async () => {
    const current = await synced({ since: 4, changes: [] })
    expect(current).toMatchObject({ changes: [], ratings: [], viewings: [] })
    const all = await synced({ since: current.seq, changes: [], logSince: 0 })
    expect(all.seq).toBe(current.seq)
    expect(all.changes).toEqual([])
    expect(all.ratings.map(({ movieId }) => movieId)).toEqual([603, 11, 100, 101])
    expect(all.viewings.map(({ id }) => id)).toEqual([uuid(1), uuid(2), uuid(3), uuid(4)])
    const since = await synced({ since: current.seq, changes: [], logSince: 3 })
    expect(since.viewings.map(({ id }) => id)).toEqual([uuid(3), uuid(4)])
  })

  it('answers any malformed record 400 and stores nothing of the request', async () => {
    const before = await logRows()
    const { seq } = await synced({ since: 0, changes: [] })
    const good = { ratings: [rated(200, 5, 6000)], viewings: [logged(uuid(9), 6000)] }
    const withViewing = (extra: Partial<Viewing>) => ({
      ...good,
      viewings: [...good.viewings, logged(uuid(10), 6000, watched(1, extra))],
    })
    const film = watched(1).film
    const bad: unknown[] = [
      { ...good, ratings: [...good.ratings, rated(1, 0, 6000)] },
      { ...good, ratings: [...good.ratings, rated(1, 11, 6000)] },
      { ...good, ratings: [...good.ratings, rated(1, 4.5, 6000)] },
      { ...good, ratings: [{ movieId: 1, editedAt: 6000 }] },
      { ...good, ratings: [rated(0, 5, 6000)] },
      withViewing({ watchedOn: '2024-02-30' }),
      withViewing({ watchedOn: '2024-2-3' }),
      withViewing({ watchedOn: dayIn(2) }),
      withViewing({ watchedOn: '1869-12-31' }),
      withViewing({ note: 'x'.repeat(20_001) }),
      withViewing({ note: 'Bell \u0007' }),
      withViewing({ note: 'Turn \u202e around' }),
      withViewing({ rating: 0 }),
      withViewing({ rating: 4.5 }),
      withViewing({ tags: ['   '] }),
      withViewing({ tags: Array.from({ length: 51 }, (_, i) => `t${String(i)}`) }),
      withViewing({ film: { ...film, title: '' } }),
      withViewing({ film: { ...film, release_date: '1999-02-30' } }),
      { ...good, viewings: [{ id: uuid(11), present: true, editedAt: 6000 }] },
      { ...good, viewings: [logged('not-a-uuid', 6000)] },
      { ...good, viewings: [logged(uuid(11).toUpperCase(), 6000)] },
      { ...good, viewings: [logged(`list:${uuid(11)}`, 6000)] },
      { ...good, viewings: [{ ...logged(uuid(11), -1) }] },
      { ...good, logSince: -1 },
      { ...good, ratings: Array.from({ length: 10_001 }, (_, i) => rated(i + 1, 5, 6000)) },
      { ...good, viewings: Array.from({ length: 5001 }, (_, i) => deleted(uuid(i), 6000)) },
    ]
    for (const payload of bad) {
      const response = await client.sync(
        { since: 0, changes: [], ...(payload as object) },
        client.cookie(),
      )
      expect(response.statusCode, JSON.stringify(payload).slice(-200)).toBe(400)
      expect(response.json()).toEqual({ error: 'Invalid request' })
    }
    expect(await logRows()).toEqual(before)
    expect((await synced({ since: 0, changes: [] })).seq).toBe(seq)
    // Tomorrow is not yet the future: a person's calendar may be ahead of the server's.
    const tomorrow = await synced({
      since: seq,
      changes: [],
      viewings: [
        logged(uuid(12), 6000, watched(1, { watchedOn: dayIn(1), note: 'é'.repeat(20_000) })),
      ],
    })
    expect(tomorrow.viewings).toHaveLength(1)
  })

  it('wakes the event stream for a sync that only writes a rating', async () => {
    await client.signUp('Bea', 'bea@example.com')
    await client.app().listen({ port: 0, host: '127.0.0.1' })
    const stream = await openStream(client.app(), client.cookie())
    expect(await stream.heard('event: ready\ndata: {"seq":0}')).toBe(true)
    await synced({ since: 0, changes: [], ratings: [rated(603, 7, 1000)] })
    expect(await stream.heard('event: lists\ndata: {"seq":1}\n\n')).toBe(true)
    await stream.close()
  })

  it('removes them with the account', async () => {
    await client.signUp('Cyril', 'cyril@example.com')
    const id = await client.userIdOf('cyril@example.com')
    await synced({
      since: 0,
      changes: [],
      ratings: [rated(603, 7, 1000)],
      viewings: [logged(uuid(1), 1000), deleted(uuid(2), 1000)],
    })
    const held = (table: 'rating' | 'viewing') =>
      rowsOf<{ n: number }>(
        client.app().db,
        sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${id}`,
      )
    expect(await held('viewing')).toEqual([{ n: 2 }])
    const removed = await client.app().inject({
      method: 'DELETE',
      url: '/api/account',
      payload: JSON.stringify({ password: 'Secret1!' }),
      headers: { ...SAME_ORIGIN_JSON, cookie: client.cookie() },
    })
    expect(removed.statusCode).toBe(204)
    expect(await held('rating')).toEqual([{ n: 0 }])
    expect(await held('viewing')).toEqual([{ n: 0 }])
  })
})

describe.each(TARGETS)('a big diary’s sync on $name', (target) => {
  const client = signedInListClient(target, 'Dee', 'dee@example.com')
  const { synced } = client

  it('takes 5,000 viewings in one request and answers in pages that end on a whole sync', async () => {
    const viewings = Array.from({ length: 5000 }, (_, i) =>
      logged(
        uuid(i + 1),
        1_700_000_000_000 + i,
        watched(i + 1, { note: 'A film I saw with friends, and liked more than I thought.' }),
      ),
    )
    const body = JSON.stringify({ since: 0, changes: [], viewings })
    expect(body.length).toBeLessThan(8 * 1024 * 1024)
    expect((await synced({ since: 0, changes: [], viewings })).seq).toBe(1)
    const ratings = Array.from({ length: 3000 }, (_, i) => rated(i + 1, (i % 10) + 1, 2000))
    await synced({ since: 1, changes: [], ratings })
    await synced({ since: 2, changes: [add(1, 3000)] })

    const first = await synced({ since: 0, changes: [] })
    expect(first).toMatchObject({ seq: 1, more: true, changes: [], ratings: [] })
    expect(first.viewings).toHaveLength(5000)
    const last = await synced({ since: first.seq, changes: [] })
    expect(last.seq).toBe(3)
    expect(last).not.toHaveProperty('more')
    expect(last.ratings).toHaveLength(3000)
    expect(last.viewings).toEqual([])
    expect(last.changes).toHaveLength(1)

    // From logSince 0 a current device is sent its pages too, from a seq below its since.
    const behind = await synced({ since: 3, changes: [], logSince: 0 })
    expect(behind).toMatchObject({ seq: 1, more: true, changes: [], ratings: [] })
    expect(behind.viewings).toHaveLength(5000)
    const rest = await synced({ since: behind.seq, changes: [] })
    expect(rest).toMatchObject({ seq: 3, viewings: [] })
    expect(rest.ratings).toHaveLength(3000)
    expect(rest).not.toHaveProperty('more')
  })

  it('holds at most 100,000 viewings: new ones past that are refused by id, the rest saved', async () => {
    await client.signUp('Eli', 'eli@example.com')
    const id = await client.userIdOf('eli@example.com')
    // Written directly: 100,000 viewings through the API would take minutes.
    await client.app().db.execute(sql`
      insert into viewing (user_id, viewing_id, present, edited_at, sent_edited_at, viewing,
        server_seq)
      select ${id}, lpad(to_hex(i), 8, '0') || '-0000-4000-8000-000000000000', false, 1000, 1000,
        null, 1
      from generate_series(1, ${MAX_VIEWINGS_PER_ACCOUNT}) as i`)
    await client.app().db.execute(sql`insert into list_sync (user_id, seq) values (${id}, 1)`)
    const full = await synced({
      since: 1,
      changes: [],
      ratings: [rated(603, 6, 2000)],
      viewings: [logged(uuid(200_000), 2000), logged(uuid(5), 2000)],
    })
    expect(full.refusedViewings).toEqual([uuid(200_000)])
    expect(full.error).toBe('Your diary holds the most viewings an account can keep (100,000).')
    expect(full.ratings).toEqual([rated(603, 6, 2000)])
    expect(full.viewings).toEqual([logged(uuid(5), 2000)])
    const rows = await rowsOf<{ viewing_id: string }>(
      client.app().db,
      sql`select viewing_id from viewing where user_id = ${id} and viewing_id = ${uuid(200_000)}`,
    )
    expect(rows).toEqual([])
  })
})
