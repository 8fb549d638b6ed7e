import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  applyEdits,
  EMPTY_STATE,
  entryKey,
  mergeEntry,
  mergeSetting,
  mergeState,
  presentIds,
  SYNC_LISTS,
  type ListEdit,
  type SettingEdit,
  type SyncState,
} from '@/shared/lists/merge'
import { entriesByKey, listEditArb } from '../list-edits'

const RUNS = { numRuns: 200 }

// Few movies and few distinct times, so edits of the same entry, and ties, are common.
const movieArb = fc.record({
  title: fc.constantFrom('Alien', 'Heat', 'Ran'),
  poster_path: fc.option(fc.constantFrom('/a.jpg', '/b.jpg')),
  release_date: fc.option(fc.constantFrom('1979-05-25', '1995-12-15')),
  vote_average: fc.option(fc.constantFrom(7.5, 8)),
  added_at: fc.option(fc.constantFrom('2024-01-01T00:00:00.000Z', '2025-06-01T12:00:00.000Z')),
})
const editArb = listEditArb(6, { min: 0, max: 8 }, () => movieArb)
const settingArb: fc.Arbitrary<SettingEdit<boolean> | null> = fc.option(
  fc.record({ value: fc.boolean(), editedAt: fc.integer({ min: 0, max: 8 }) }),
)
const stateArb: fc.Arbitrary<SyncState> = fc
  .tuple(fc.array(editArb, { maxLength: 20 }), settingArb)
  .map(([edits, hideSeen]) => ({ ...applyEdits(EMPTY_STATE, edits), hideSeen }))

/** A state as comparable data: its entries in key order, and the setting. */
const plain = (state: SyncState) => ({
  entries: entriesByKey(state),
  hideSeen: state.hideSeen,
})

/** The edits in a random order, some of them more than once. */
const deliveryArb = (edits: ListEdit[]): fc.Arbitrary<ListEdit[]> =>
  edits.length === 0
    ? fc.constant([])
    : fc
        .array(fc.constantFrom(...edits), { maxLength: edits.length })
        .chain((repeats) => fc.shuffledSubarray([...edits, ...repeats]))

describe('merging list edits', () => {
  it('is commutative, associative and idempotent', () => {
    fc.assert(
      fc.property(stateArb, stateArb, stateArb, (a, b, c) => {
        expect(plain(mergeState(a, b))).toEqual(plain(mergeState(b, a)))
        expect(plain(mergeState(mergeState(a, b), c))).toEqual(
          plain(mergeState(a, mergeState(b, c))),
        )
        expect(plain(mergeState(a, a))).toEqual(plain(a))
        expect(plain(mergeState(mergeState(a, b), b))).toEqual(plain(mergeState(a, b)))
      }),
      RUNS,
    )
  })

  it('picks one winner per entry and per setting, whatever the order', () => {
    fc.assert(
      fc.property(editArb, editArb, settingArb, settingArb, (a, b, x, y) => {
        const same = { ...b, list: a.list, movieId: a.movieId }
        expect(mergeEntry(a, same)).toEqual(mergeEntry(same, a))
        expect(mergeSetting(x, y)).toEqual(mergeSetting(y, x))
      }),
      RUNS,
    )
  })

  it('the later edit stands; at the same time, a removal', () => {
    fc.assert(
      fc.property(editArb, editArb, (a, b) => {
        const other = { ...b, list: a.list, movieId: a.movieId }
        const winner = mergeEntry(a, other)
        expect(winner.editedAt).toBe(Math.max(a.editedAt, other.editedAt))
        if (a.editedAt === other.editedAt && a.present !== other.present) {
          expect(winner.present).toBe(false)
        }
      }),
      RUNS,
    )
  })
})

describe('devices editing the same lists', () => {
  // Each device makes its own edits; every device then gets every edit, in its own order,
  // some twice (a sync retried), and merges them into what it has.
  const scenarioArb = fc
    .array(fc.array(editArb, { maxLength: 15 }), { minLength: 2, maxLength: 3 })
    .chain((devices) => {
      const all = devices.flat()
      const received = devices.map((own) => fc.tuple(fc.constant(own), deliveryArb(all)))
      return fc.tuple(fc.tuple(...received), fc.constant(all))
    })

  it('converge to the same lists, in any delivery order, with duplicates', () => {
    fc.assert(
      fc.property(scenarioArb, ([devices, all]) => {
        const expected = plain(applyEdits(EMPTY_STATE, all))
        for (const [own, delivered] of devices) {
          const mine = applyEdits(EMPTY_STATE, own)
          // A delivery may leave some out: they come with a later sync, in any order.
          expect(plain(applyEdits(applyEdits(mine, delivered), all))).toEqual(expected)
        }
      }),
      RUNS,
    )
  })

  it('never lose an entry that no device removed', () => {
    fc.assert(
      fc.property(scenarioArb, ([devices, all]) => {
        const delivered = devices.flatMap(([, received]) => received)
        const merged = applyEdits(EMPTY_STATE, delivered.concat(all))
        for (const list of SYNC_LISTS) {
          const added = new Set(
            all.filter((e) => e.list === list && e.present).map((e) => e.movieId),
          )
          const removed = new Set(
            all.filter((e) => e.list === list && !e.present).map((e) => e.movieId),
          )
          const kept = new Set(presentIds(merged, list))
          for (const id of added) if (!removed.has(id)) expect(kept.has(id)).toBe(true)
          for (const id of kept) expect(added.has(id)).toBe(true)
        }
      }),
      RUNS,
    )
  })

  it('keep a removal over an older copy of the entry (no resurrection)', () => {
    fc.assert(
      fc.property(fc.array(editArb, { maxLength: 20 }), editArb, (older, removal) => {
        const tombstone: ListEdit = { ...removal, present: false, editedAt: 9 }
        delete tombstone.movie
        const copies = older.map((edit) => ({
          ...edit,
          list: tombstone.list,
          movieId: tombstone.movieId,
        }))
        const state = applyEdits(applyEdits(EMPTY_STATE, [tombstone]), copies)
        expect(state.entries.get(entryKey(tombstone.list, tombstone.movieId))).toEqual(tombstone)
      }),
      RUNS,
    )
  })

  it('sync through a server in any order and end up as the server', () => {
    // Devices sync one at a time, in a random order, each sending all it has.
    fc.assert(
      fc.property(
        fc.array(stateArb, { minLength: 2, maxLength: 3 }),
        fc.array(fc.nat({ max: 2 }), { maxLength: 8 }),
        (devices, order) => {
          let server = EMPTY_STATE
          const held = [...devices]
          for (const i of [...order, ...devices.keys(), ...devices.keys()]) {
            const device = i % held.length
            server = mergeState(server, held[device] ?? EMPTY_STATE)
            held[device] = server
          }
          for (const state of held) expect(plain(state)).toEqual(plain(server))
          expect(plain(server)).toEqual(plain(devices.reduce(mergeState, EMPTY_STATE)))
        },
      ),
      RUNS,
    )
  })
})
