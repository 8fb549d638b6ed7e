// @vitest-environment node
import { describe, expect, it, vi } from 'vitest'
import { add, drop, signedInListClient } from './list-support'
import { TARGETS } from './support'

// Opening a fresh database (PGlite migrating its schema) takes more than the default 10 s of a
// hook on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

describe.each(TARGETS)('list sync on $name', (target) => {
  const client = signedInListClient(target, 'Alice', 'alice@example.com')
  const { synced } = client

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
    const before = await client.rows()
    const twice = await synced(request)
    expect(twice.seq).toBe(once.seq)
    expect(twice.changes).toEqual(once.changes)
    expect(await client.rows()).toEqual(before)
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
})

describe.each(TARGETS)('the services setting’s sync on $name', (target) => {
  const client = signedInListClient(target, 'Dana', 'dana@example.com')
  const { synced } = client
  const netflix = { id: 8, name: 'Netflix' }
  const disney = { id: 337, name: 'Disney Plus' }
  const mubi = { id: 11, name: 'MUBI' }

  it('answers services: null to an account that never set them', async () => {
    expect(await synced({ since: 0, changes: [] })).toEqual({
      seq: 0,
      changes: [],
      hideSeen: null,
      services: null,
      lists: [],
      ratings: [],
      viewings: [],
    })
  })

  it('takes services from one device to another, beside hideSeen, in one step of seq', async () => {
    const services = { value: [netflix, disney], editedAt: 1000 }
    const first = await synced({
      since: 0,
      changes: [add(1, 1000)],
      hideSeen: { value: true, editedAt: 1000 },
      services,
    })
    expect(first).toMatchObject({ seq: 1, hideSeen: { value: true, editedAt: 1000 }, services })
    // The other device sends nothing of its own and gets both settings.
    const other = await synced({ since: 0, changes: [] })
    expect(other).toMatchObject({ seq: 1, hideSeen: { value: true, editedAt: 1000 }, services })
    expect(other.changes).toEqual([add(1, 1000)])

    // One setting edited leaves the other as it is.
    const hidden = await synced({
      since: 1,
      changes: [],
      hideSeen: { value: false, editedAt: 1100 },
    })
    expect(hidden).toMatchObject({ seq: 2, hideSeen: { value: false, editedAt: 1100 }, services })
    const chosen = { value: [netflix], editedAt: 1200 }
    const fewer = await synced({ since: 2, changes: [], services: chosen })
    expect(fewer).toMatchObject({ seq: 3, hideSeen: { value: false, editedAt: 1100 } })
    expect(fewer.services).toEqual(chosen)
    // None is a choice too, kept as such.
    const none = await synced({ since: 3, changes: [], services: { value: [], editedAt: 1300 } })
    expect(none).toMatchObject({ seq: 4, services: { value: [], editedAt: 1300 } })
  })

  it('keeps the later edit whatever order they arrive in; at the same time, the smaller JSON', async () => {
    const later = { value: [netflix, disney], editedAt: 3000 }
    const { seq } = await synced({ since: 0, changes: [], services: later })
    const older = await synced({
      since: 0,
      changes: [],
      services: { value: [mubi], editedAt: 2000 },
    })
    expect(older.seq).toBe(seq)
    expect(older.services).toEqual(later)
    // [{"id":11,… is smaller as JSON than [{"id":8,…
    const smaller = { value: [mubi], editedAt: 3000 }
    const tie = await synced({ since: 0, changes: [], services: smaller })
    expect(tie.seq).toBe(seq + 1)
    expect(tie.services).toEqual(smaller)
    const back = await synced({ since: 0, changes: [], services: later })
    expect(back.seq).toBe(tie.seq)
    expect(back.services).toEqual(smaller)
  })

  it('changes nothing when a request comes twice', async () => {
    const request = {
      since: 0,
      changes: [add(2, 4000)],
      hideSeen: { value: true, editedAt: 4000 },
      services: { value: [mubi, disney], editedAt: 4000 },
    }
    const once = await synced(request)
    const before = await client.syncRows()
    const twice = await synced(request)
    expect(twice).toEqual(once)
    expect(await client.syncRows()).toEqual(before)
  })

  it('takes a time in the future as now: it cannot win over later edits', async () => {
    const future = Date.now() + 365 * 24 * 3600 * 1000
    const request = { since: 0, changes: [], services: { value: [netflix], editedAt: future } }
    const answer = await synced(request)
    expect(answer.services?.value).toEqual([netflix])
    expect(answer.services?.editedAt).toBeLessThanOrEqual(Date.now())
    await new Promise((resolve) => setTimeout(resolve, 5))
    // Sent again, later: still the same edit, so nothing changes.
    const again = await synced(request)
    expect(again.seq).toBe(answer.seq)
    expect(again.services).toEqual(answer.services)
    // An edit made after the clamped time, on a right clock, wins.
    const later = { value: [netflix, disney], editedAt: Date.now() }
    const after = await synced({ since: answer.seq, changes: [], services: later })
    expect(after.seq).toBe(answer.seq + 1)
    expect(after.services).toEqual(later)
  })

  it('keeps services sorted by id with one of each, however they were sent', async () => {
    const editedAt = Date.now()
    const answer = await synced({
      since: 0,
      changes: [],
      services: {
        value: [disney, { id: 8, name: 'Netflix basic' }, mubi, netflix, disney],
        editedAt,
      },
    })
    const normal = { value: [netflix, mubi, disney], editedAt }
    expect(answer.services).toEqual(normal)
    const [row] = await client.syncRows()
    expect(row?.services).toEqual(normal.value)
    // The same choice in another order is the same edit.
    const again = await synced({
      since: 0,
      changes: [],
      services: { value: [mubi, disney, netflix], editedAt },
    })
    expect(again.seq).toBe(answer.seq)
    expect(again.services).toEqual(normal)
  })

  it('answers bad services 400 { error } and saves nothing', async () => {
    const { seq, services } = await synced({ since: 0, changes: [] })
    const before = await client.syncRows()
    const editedAt = Date.now() + 1
    const many = (count: number, name = (id: number) => `Service ${id}`) =>
      Array.from({ length: count }, (_, i) => ({ id: i + 1, name: name(i + 1) }))
    const bad: unknown[] = [
      many(101),
      [{ id: 8, name: 'x'.repeat(101) }],
      [{ id: 8, name: '' }],
      [{ id: 8 }],
      [{ name: 'Netflix' }],
      [{ id: 0, name: 'Netflix' }],
      [{ id: -8, name: 'Netflix' }],
      [{ id: 8.5, name: 'Netflix' }],
      [{ id: 2_147_483_648, name: 'Netflix' }],
      [{ id: 'eight', name: 'Netflix' }],
      [netflix, null],
      null,
    ]
    const payloads: unknown[] = [
      ...bad.map((value) => ({ since: 0, changes: [], services: { value, editedAt } })),
      { since: 0, changes: [], services: { value: [netflix] } },
      { since: 0, changes: [], services: { value: [netflix], editedAt: -1 } },
      { since: 0, changes: [], services: [netflix] },
      // A bad setting refuses the whole request, its other edits too.
      {
        since: 0,
        changes: [add(30, editedAt)],
        hideSeen: { value: false, editedAt },
        services: { value: many(101), editedAt },
      },
    ]
    for (const payload of payloads) {
      const response = await client.sync(payload, client.cookie())
      expect(response.statusCode, JSON.stringify(payload).slice(0, 200)).toBe(400)
      expect(response.json()).toEqual({ error: 'Invalid request' })
    }
    expect(await client.syncRows()).toEqual(before)
    const after = await synced({ since: 0, changes: [] })
    expect(after.seq).toBe(seq)
    expect(after.services).toEqual(services)
    expect(after.changes.some(({ movieId }) => movieId === 30)).toBe(false)

    // At the limits: 100 services, names of 100 characters, the largest id.
    const most = {
      value: [...many(99, (id) => `${id}`.padEnd(100, '.')), { id: 2_147_483_647, name: 'Last' }],
      editedAt,
    }
    const full = await synced({ since: 0, changes: [], services: most })
    expect(full.seq).toBe(seq + 1)
    expect(full.services).toEqual(most)
  })
})
