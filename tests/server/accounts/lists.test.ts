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
