// @vitest-environment node
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { applyEdits, EMPTY_STATE, presentIds, SYNC_LISTS } from '@/shared/lists/merge'
import type { Database } from '../../../server/db/database'
import { user } from '../../../server/db/schema'
import { syncLists } from '../../../server/lists/sync'
import { entriesByKey, listEditArb } from '../../list-edits'
import { openTarget, TARGETS } from './support'

// Opening a fresh database (PGlite migrating its schema) takes more than the default 10 s of a
// hook on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

const editArb = listEditArb(5, { min: 1, max: 6 }, (id) =>
  fc.constant({
    title: `Film ${id}`,
    poster_path: null,
    release_date: null,
    vote_average: null,
    added_at: null,
  }),
)

/** Each device's edits, sent as batches in a random order, some batches twice. */
const scheduleArb = fc
  .array(fc.array(editArb, { minLength: 1, maxLength: 6 }), { minLength: 2, maxLength: 6 })
  .chain((batches) =>
    fc.tuple(
      fc.constant(batches),
      fc.shuffledSubarray([...batches.keys(), ...batches.keys()], {
        minLength: batches.length * 2,
      }),
    ),
  )

describe.each(TARGETS)('the server’s merge on $name, against merge.ts', (target) => {
  let db: Database
  let close: () => Promise<void>
  let people = 0
  beforeAll(async () => {
    ;({ db, close } = await openTarget(target))
  })
  afterAll(async () => {
    await close()
  })

  it('holds what merging every edit gives, whatever order and repeats they came in', async () => {
    await fc.assert(
      fc.asyncProperty(scheduleArb, async ([batches, order]) => {
        const id = `person-${++people}`
        await db.insert(user).values({ id, name: 'P', email: `${id}@example.com` })
        let seq = 0
        let held = EMPTY_STATE
        for (const index of order) {
          const answer = await syncLists(db, id, { since: seq, changes: batches[index] ?? [] })
          // A device applies what changed since its last sync.
          held = applyEdits(held, answer.changes)
          seq = answer.seq
        }
        const expected = applyEdits(EMPTY_STATE, batches.flat())
        for (const list of SYNC_LISTS)
          expect(presentIds(held, list)).toEqual(presentIds(expected, list))
        expect(entriesByKey(held)).toEqual(entriesByKey(expected))
        const all = await syncLists(db, id, { since: 0, changes: [] })
        expect(entriesByKey(applyEdits(EMPTY_STATE, all.changes))).toEqual(entriesByKey(expected))
      }),
      { numRuns: 40 },
    )
  })
})
