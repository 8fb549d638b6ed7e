import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  calendarDay,
  compareRatingEdits,
  compareViewingEdits,
  isRating,
  localDay,
  MAX_NOTE,
  mergeByKey,
  ratingName,
  viewingProblem,
  type RatingEdit,
  type Viewing,
  type ViewingEdit,
} from '@/shared/film-log/records'

const RUNS = { numRuns: 300 }

const ratingArb: fc.Arbitrary<RatingEdit> = fc.record({
  movieId: fc.integer({ min: 1, max: 4 }),
  value: fc.option(fc.integer({ min: 1, max: 10 })),
  editedAt: fc.integer({ min: 0, max: 5 }),
})

const viewing = (overrides: Partial<Viewing> = {}): Viewing => ({
  movieId: 603,
  watchedOn: '2024-05-01',
  rating: 9,
  rewatch: false,
  note: '',
  spoilers: false,
  tags: [],
  film: {
    title: 'The Matrix',
    poster_path: null,
    release_date: '1999-03-31',
    runtime: 136,
    genres: [28, 878],
    directors: [{ id: 9340, name: 'Lana Wachowski' }],
  },
  ...overrides,
})

const viewingArb: fc.Arbitrary<ViewingEdit> = fc
  .record({
    id: fc.constantFrom('a', 'b', 'c'),
    present: fc.boolean(),
    editedAt: fc.integer({ min: 0, max: 5 }),
    rating: fc.option(fc.integer({ min: 1, max: 10 })),
    note: fc.constantFrom('', 'Loved it', 'Again'),
  })
  .map(({ id, present, editedAt, rating, note }) =>
    present
      ? { id, present, editedAt, viewing: viewing({ rating, note }) }
      : { id, present, editedAt },
  )

const ratingKey = (edit: RatingEdit) => String(edit.movieId)
const viewingKey = (edit: ViewingEdit) => edit.id
const plain = <E>(map: Map<string, E>) => [...map.entries()].sort(([a], [b]) => (a < b ? -1 : 1))

describe('ratings', () => {
  it('name each half step as a screen reader says it', () => {
    expect(Array.from({ length: 10 }, (_, index) => ratingName(index + 1))).toEqual([
      '½ star',
      '1 star',
      '1½ stars',
      '2 stars',
      '2½ stars',
      '3 stars',
      '3½ stars',
      '4 stars',
      '4½ stars',
      '5 stars',
    ])
  })

  it('are whole half stars from ½ to 5', () => {
    expect([1, 10, 5].every(isRating)).toBe(true)
    for (const bad of [0, 11, 4.5, -1, Number.NaN, '5', null]) expect(isRating(bad)).toBe(false)
  })

  it('merge to one winner per film in any order, repeats changing nothing', () => {
    fc.assert(
      fc.property(fc.array(ratingArb, { maxLength: 20 }), fc.func(fc.boolean()), (edits, pick) => {
        const shuffled = [...edits].sort((a, b) => (pick(a, b) ? 1 : -1))
        const once = mergeByKey(new Map(), edits, ratingKey, compareRatingEdits)
        const other = mergeByKey(new Map(), shuffled.concat(edits), ratingKey, compareRatingEdits)
        expect(plain(other)).toEqual(plain(once))
      }),
      RUNS,
    )
  })

  it('let the later edit stand; at the same time a clearing', () => {
    const rated = { movieId: 1, value: 8, editedAt: 2 }
    expect(compareRatingEdits({ ...rated, editedAt: 3, value: 2 }, rated)).toBeGreaterThan(0)
    expect(compareRatingEdits({ ...rated, value: null }, rated)).toBeGreaterThan(0)
    expect(compareRatingEdits(rated, { ...rated, value: null })).toBeLessThan(0)
  })
})

describe('viewings', () => {
  it('merge to one winner per viewing in any order; a deletion stands over an older copy', () => {
    fc.assert(
      fc.property(fc.array(viewingArb, { maxLength: 20 }), fc.func(fc.boolean()), (edits, pick) => {
        const shuffled = [...edits].sort((a, b) => (pick(a, b) ? 1 : -1))
        const once = mergeByKey(new Map(), edits, viewingKey, compareViewingEdits)
        const other = mergeByKey(new Map(), shuffled.concat(edits), viewingKey, compareViewingEdits)
        expect(plain(other)).toEqual(plain(once))
        for (const [id, winner] of once) {
          const latest = Math.max(...edits.filter((e) => e.id === id).map((e) => e.editedAt))
          expect(winner.editedAt).toBe(latest)
          if (edits.some((e) => e.id === id && e.editedAt === latest && !e.present))
            expect(winner.present).toBe(false)
        }
      }),
      RUNS,
    )
  })

  it('are dated by a real day, not in the future nor before 1870', () => {
    const today = '2026-12-04'
    expect(viewingProblem(viewing(), today)).toBeNull()
    expect(viewingProblem(viewing({ watchedOn: today }), today)).toBeNull()
    expect(viewingProblem(viewing({ watchedOn: '2026-12-05' }), today)).toBe('future')
    expect(viewingProblem(viewing({ watchedOn: '1869-12-31' }), today)).toBe('too-early')
    expect(viewingProblem(viewing({ watchedOn: '1870-01-01' }), today)).toBeNull()
    for (const bad of ['2024-02-30', '2024-13-01', '24-05-01', '2024-5-1', ''])
      expect(viewingProblem(viewing({ watchedOn: bad }), today), bad).toBe('date')
    expect(calendarDay('2024-02-29')).toBe('2024-02-29')
    expect(calendarDay('2023-02-29')).toBeNull()
  })

  it('refuse a rating off the scale, a note over 20,000 characters or with control characters, and odd tags', () => {
    const today = '2026-12-04'
    expect(viewingProblem(viewing({ rating: 11 }), today)).toBe('rating')
    expect(viewingProblem(viewing({ rating: null }), today)).toBeNull()
    // Counted in characters, not UTF-16 units: 20,000 emoji are a full note.
    expect(viewingProblem(viewing({ note: '🎬'.repeat(MAX_NOTE) }), today)).toBeNull()
    expect(viewingProblem(viewing({ note: 'x'.repeat(MAX_NOTE + 1) }), today)).toBe('note-long')
    expect(viewingProblem(viewing({ note: 'Line one\nLine two\tend' }), today)).toBeNull()
    expect(viewingProblem(viewing({ note: 'evil \u202Eoverride' }), today)).toBe('note-characters')
    expect(viewingProblem(viewing({ note: 'bell \u0007' }), today)).toBe('note-characters')
    expect(viewingProblem(viewing({ tags: ['cinema', ' '] }), today)).toBe('tags')
    expect(viewingProblem(viewing({ tags: ['t'.repeat(101)] }), today)).toBe('tags')
  })

  it('take today as the day where the person is', () => {
    expect(localDay(new Date(2026, 0, 2, 23, 59))).toBe('2026-01-02')
    expect(localDay(new Date(2026, 11, 31, 0, 0))).toBe('2026-12-31')
  })
})
