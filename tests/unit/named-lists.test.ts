import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  entriesKey,
  indexKey,
  namedLists,
  readEntries,
  readIndex,
  useNamedLists,
  writeEntries,
  writeIndex,
  type NamedEntry,
} from '@/lib/movie-lists/named-lists'
import { useSessionStore } from '@/lib/session/session-store'
import { StorageError } from '@/lib/storage'
import { applyEdits, EMPTY_STATE, type ListEdit } from '@/shared/lists/merge'
import {
  comparePositions,
  MAX_NAMED_LIST_ENTRIES,
  MAX_NAMED_LISTS,
  namedListKey,
} from '@/shared/lists/named'
import { alien, matrix } from '../list-movies'

const ALICE = 'alice@example.com'

const signIn = (email: string) => {
  useSessionStore.getState().signIn({ name: 'User', email })
}

beforeEach(() => {
  signIn(ALICE)
})
afterEach(() => {
  useSessionStore.getState().signOut()
  localStorage.clear()
  vi.restoreAllMocks()
})

function newList(name = 'Halloween') {
  const made = namedLists.create({ name, description: '', ranked: false })
  if (!made.ok) throw new Error(`"${name}" was not made: ${made.problem.problem}`)
  return made.value.id
}

const film = (id: number) => ({
  id,
  title: `Film ${id}`,
  poster_path: null,
  release_date: null,
  vote_average: null,
})

const order = (id: string, email = ALICE) => readEntries(email, id).map((entry) => entry.id)

describe('a list of one’s own', () => {
  it('is made with a clean name, shown in the store, and saved under the lower-cased e-mail', () => {
    const made = namedLists.create({
      name: '  Best   of 2024 ',
      description: ' Top ',
      ranked: true,
    })
    expect(made).toMatchObject({
      ok: true,
      value: { name: 'Best of 2024', description: 'Top', ranked: true, movies: [] },
    })
    expect(useNamedLists.getState().lists.map((list) => list.name)).toEqual(['Best of 2024'])
    expect(JSON.parse(localStorage.getItem(indexKey(ALICE)) ?? 'null')).toMatchObject({
      version: 1,
      lists: [{ name: 'Best of 2024' }],
    })
  })

  it('refuses an empty, long or taken name (without case) and a long description', () => {
    newList('Halloween')
    const draft = { description: '', ranked: false }
    expect(namedLists.create({ ...draft, name: '   ' })).toEqual({
      ok: false,
      problem: { field: 'name', problem: 'empty' },
    })
    expect(namedLists.create({ ...draft, name: 'x'.repeat(101) })).toMatchObject({
      problem: { field: 'name', problem: 'long' },
    })
    expect(namedLists.create({ ...draft, name: 'x'.repeat(100) }).ok).toBe(true)
    expect(namedLists.create({ ...draft, name: 'HALLOWEEN' })).toMatchObject({
      problem: { field: 'name', problem: 'taken' },
    })
    expect(
      namedLists.create({ name: 'Notes', ranked: false, description: 'x'.repeat(1001) }),
    ).toMatchObject({ problem: { field: 'description', problem: 'long' } })
    expect(readIndex(ALICE).map((list) => list.name)).toEqual(['Halloween', 'x'.repeat(100)])
  })

  it('renames itself to its own name in another case, but not to another list’s', () => {
    const id = newList('Halloween')
    newList('Christmas')
    expect(namedLists.update(id, { name: 'HALLOWEEN', description: '', ranked: true }).ok).toBe(
      true,
    )
    expect(namedLists.update(id, { name: 'christmas', description: '', ranked: true })).toEqual({
      ok: false,
      problem: { field: 'name', problem: 'taken' },
    })
    expect(readIndex(ALICE).map((list) => list.name)).toEqual(['HALLOWEEN', 'Christmas'])
  })

  it(`stops at ${MAX_NAMED_LISTS.toLocaleString('en')} lists and ${MAX_NAMED_LIST_ENTRIES.toLocaleString('en')} films, saying so`, () => {
    const at = new Date().toISOString()
    writeIndex(
      ALICE,
      Array.from({ length: MAX_NAMED_LISTS }, (_, index) => ({
        id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
        name: `List ${index}`,
        description: '',
        ranked: false,
        createdAt: at,
        updatedAt: at,
      })),
    )
    expect(namedLists.create({ name: 'One more', description: '', ranked: false })).toEqual({
      ok: false,
      problem: { field: 'list', problem: 'too-many' },
    })
    writeIndex(ALICE, [])

    const id = newList()
    const full: NamedEntry[] = Array.from({ length: MAX_NAMED_LIST_ENTRIES }, (_, index) => ({
      ...film(index + 1),
      position: `a${String(index).padStart(5, '0')}`,
    }))
    expect(namedLists.saveMovies(id, full)).toBeNull()
    expect(namedLists.add(id, film(MAX_NAMED_LIST_ENTRIES + 1))).toBe('full')
    expect(readEntries(ALICE, id)).toHaveLength(MAX_NAMED_LIST_ENTRIES)
  })

  it('adds each film once, at the end, and removes it', () => {
    const id = newList()
    expect(namedLists.add(id, matrix)).toBeNull()
    expect(namedLists.add(id, alien)).toBeNull()
    expect(namedLists.add(id, { ...matrix, title: 'Again' })).toBe('duplicate')
    expect(order(id)).toEqual([603, 348])
    expect(namedLists.removeMovie(id, 603)).toBeNull()
    expect(order(id)).toEqual([348])
    expect(namedLists.add('no-such-list', matrix)).toBe('missing')
  })

  it('moves a film by changing its position alone', () => {
    const id = newList()
    for (const each of [1, 2, 3, 4].map(film)) namedLists.add(id, each)
    const before = new Map(readEntries(ALICE, id).map((entry) => [entry.id, entry.position]))
    expect(namedLists.move(id, 4, 1)).toBeNull()
    expect(order(id)).toEqual([1, 4, 2, 3])
    const after = readEntries(ALICE, id)
    expect(after.filter((entry) => entry.position !== before.get(entry.id))).toEqual([
      expect.objectContaining({ id: 4 }),
    ])
    expect(namedLists.move(id, 1, 99)).toBeNull()
    expect(order(id)).toEqual([4, 2, 3, 1])
    expect(namedLists.move(id, 3, -5)).toBeNull()
    expect(order(id)).toEqual([3, 4, 2, 1])
  })

  it('numbers the list afresh when two films came to share a position', () => {
    const id = newList()
    writeEntries(ALICE, id, [
      { ...film(1), position: 'a0' },
      { ...film(2), position: 'a1' },
      { ...film(3), position: 'a1' },
      { ...film(4), position: 'a2' },
    ])
    // Between 2 and 3, which share "a1": no key fits until the list is renumbered.
    expect(namedLists.move(id, 1, 1)).toBeNull()
    const entries = readEntries(ALICE, id)
    expect(entries.map((entry) => entry.id)).toEqual([2, 1, 3, 4])
    const positions = entries.map((entry) => entry.position)
    expect(new Set(positions).size).toBe(4)
    expect([...positions].sort()).toEqual(positions)
  })

  it('deletes a list with its films, and Undo brings both back in order', () => {
    const id = newList()
    for (const each of [1, 2, 3].map(film)) namedLists.add(id, each)
    namedLists.move(id, 3, 0)
    const kept = namedLists.remove(id)
    expect(readIndex(ALICE)).toEqual([])
    expect(localStorage.getItem(entriesKey(ALICE, id))).toBeNull()
    if (!kept) throw new Error('nothing was kept for Undo')
    namedLists.restore(kept)
    expect(readIndex(ALICE).map((list) => list.name)).toEqual(['Halloween'])
    expect(order(id)).toEqual([3, 1, 2])
  })

  it('keeps each person to their own lists', () => {
    newList('Mine')
    signIn('bob@example.com')
    expect(useNamedLists.getState().lists).toEqual([])
    expect(namedLists.create({ name: 'Mine', description: '', ranked: false }).ok).toBe(true)
    expect(readIndex(ALICE)).toHaveLength(1)
  })

  it('sets a corrupt value aside and starts empty, and loses nothing else', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const id = newList()
    namedLists.add(id, matrix)
    localStorage.setItem(indexKey(ALICE), '{"version":1,"lists":[{"id":3}]}')
    expect(readIndex(ALICE)).toEqual([])
    const backups = Object.keys(localStorage).filter((name) => name.startsWith('backup:'))
    expect(backups).toHaveLength(1)
    expect(order(id)).toEqual([603])
    expect(newList('Fresh')).toEqual(expect.any(String))
  })

  it('leaves the list as it was when storage is full', () => {
    const id = newList()
    namedLists.add(id, matrix)
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    expect(() => namedLists.add(id, alien)).toThrow(StorageError)
    expect(() => namedLists.create({ name: 'More', description: '', ranked: false })).toThrow(
      StorageError,
    )
    vi.restoreAllMocks()
    expect(order(id)).toEqual([603])
    expect(readIndex(ALICE).map((list) => list.name)).toEqual(['Halloween'])
  })
})

describe('two devices reordering one list offline', () => {
  const DEVICES = ['phone@example.com', 'laptop@example.com'] as const
  const LIST_ID = '3f1c1d9e-7a4b-4c2d-9e8f-0a1b2c3d4e5f'
  const KEY = namedListKey(LIST_ID)

  // Each step: a device moves a film to a place; the steps interleave as two offline devices'.
  const stepsArb = (films: number) =>
    fc.array(
      fc.record({
        device: fc.integer({ min: 0, max: 1 }),
        movieId: fc.integer({ min: 1, max: films }),
        to: fc.integer({ min: 0, max: films - 1 }),
      }),
      { maxLength: 12 },
    )
  const scenarioArb = fc
    .integer({ min: 2, max: 8 })
    .chain((films) => fc.tuple(fc.constant(films), stepsArb(films)))

  /** What a device sends: one edit per film whose position it changed, at its last change. */
  function editsOf(email: string, start: Map<number, string>, changedAt: Map<number, number>) {
    return readEntries(email, LIST_ID).flatMap((entry): ListEdit[] =>
      entry.position === start.get(entry.id)
        ? []
        : [
            {
              list: KEY,
              movieId: entry.id,
              present: true,
              editedAt: changedAt.get(entry.id) ?? 0,
              movie: { ...film(entry.id), added_at: null, position: entry.position },
            },
          ],
    )
  }

  const orderOf = (edits: Iterable<ListEdit>) =>
    [...edits]
      .map((edit) => ({ id: edit.movieId, position: edit.movie?.position ?? null }))
      .sort(comparePositions)
      .map((entry) => entry.id)

  it('end in one order both show, holding every film once', () => {
    fc.assert(
      fc.property(scenarioArb, ([films, steps]) => {
        const start = namedListsStart(films)
        const changedAt = DEVICES.map(() => new Map<number, number>())
        const before = DEVICES.map(() => new Map<number, string>())
        for (const [index, email] of DEVICES.entries()) {
          signIn(email)
          writeIndex(email, [
            {
              id: LIST_ID,
              name: 'Shared',
              description: '',
              ranked: true,
              createdAt: 'x',
              updatedAt: 'x',
            },
          ])
          writeEntries(email, LIST_ID, start)
          for (const entry of start) before[index]?.set(entry.id, entry.position)
        }
        steps.forEach(({ device, movieId, to }, time) => {
          const email = DEVICES[device] ?? DEVICES[0]
          signIn(email)
          const held = new Map(readEntries(email, LIST_ID).map((e) => [e.id, e.position]))
          expect(namedLists.move(LIST_ID, movieId, to)).toBeNull()
          for (const entry of readEntries(email, LIST_ID)) {
            if (held.get(entry.id) !== entry.position) changedAt[device]?.set(entry.id, time + 1)
          }
        })
        const base: ListEdit[] = start.map((entry) => ({
          list: KEY,
          movieId: entry.id,
          present: true,
          editedAt: 0,
          movie: { ...film(entry.id), added_at: null, position: entry.position },
        }))
        const [phone, laptop] = DEVICES.map((email, index) =>
          editsOf(
            email,
            before[index] ?? new Map<number, string>(),
            changedAt[index] ?? new Map<number, number>(),
          ),
        )
        const onPhone = applyEdits(
          applyEdits(applyEdits(EMPTY_STATE, base), phone ?? []),
          laptop ?? [],
        )
        const onLaptop = applyEdits(
          applyEdits(applyEdits(EMPTY_STATE, base), laptop ?? []),
          phone ?? [],
        )
        const merged = orderOf(onPhone.entries.values())
        expect(orderOf(onLaptop.entries.values())).toEqual(merged)
        expect([...merged].sort((a, b) => a - b)).toEqual(start.map((entry) => entry.id))
        // One device alone moved films: its order is the list's.
        for (const [index, email] of DEVICES.entries()) {
          if (steps.every((step) => step.device === index)) {
            expect(merged).toEqual(readEntries(email, LIST_ID).map((entry) => entry.id))
          }
        }
      }),
      { numRuns: 100 },
    )
  })
})

function namedListsStart(films: number): NamedEntry[] {
  return Array.from({ length: films }, (_, index) => ({
    ...film(index + 1),
    position: `a${String.fromCharCode(48 + index)}`,
  }))
}
