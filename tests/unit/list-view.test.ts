import { describe, expect, it } from 'vitest'
import { countLabel, foldText, viewList } from '@/features/lists/list-view'
import { parseListViewSearch } from '@/features/lists/list-view-search'

const entry = (
  id: number,
  title: string,
  release_date: string | null,
  vote_average: number | null,
  added_at?: string,
) => ({ id, title, release_date, vote_average, added_at })

const amelie = entry(1, 'Amélie', '2001-04-25', 7.9, '2024-01-02T10:00:00.000Z')
const alien = entry(2, 'Alien', '1979-05-25', 8.1, '2024-03-01T10:00:00.000Z')
const heat = entry(3, 'heat', '1995-12-15', null)
const zulu = entry(4, 'Zulu', null, 7.5)
const brazil = entry(5, 'Brazil', '1985-02-20', 7.8, '2023-12-31T10:00:00.000Z')
const list = [amelie, alien, heat, zulu, brazil]
const ids = (movies: { id: number }[]) => movies.map((movie) => movie.id)

describe('viewList', () => {
  it('sorts by date added, newest first, with undated entries last in stored order', () => {
    expect(ids(viewList(list, {}))).toEqual([2, 1, 5, 3, 4])
  })

  it('sorts by title, ignoring case and accents', () => {
    expect(ids(viewList(list, { sort: 'title' }))).toEqual([2, 1, 5, 3, 4])
    expect(
      viewList([entry(1, 'b', null, null), entry(2, 'Á', null, null)], { sort: 'title' }).map(
        (movie) => movie.title,
      ),
    ).toEqual(['Á', 'b'])
  })

  it('sorts by release year and rating, highest first, unknown last', () => {
    expect(ids(viewList(list, { sort: 'year' }))).toEqual([1, 3, 5, 2, 4])
    expect(ids(viewList(list, { sort: 'rating' }))).toEqual([2, 1, 5, 4, 3])
  })

  it('filters by title, case- and accent-insensitively, then sorts', () => {
    expect(ids(viewList(list, { filter: 'AMELIE' }))).toEqual([1])
    expect(ids(viewList(list, { filter: ' al ' }))).toEqual([2])
    expect(ids(viewList(list, { filter: 'z', sort: 'title' }))).toEqual([5, 4])
    expect(viewList(list, { filter: 'nothing like it' })).toEqual([])
  })

  it('leaves the given list as it was', () => {
    const copy = [...list]
    viewList(list, { sort: 'title', filter: 'a' })
    expect(list).toEqual(copy)
  })
})

describe('parseListViewSearch', () => {
  it('keeps a known sort and a filter, and drops defaults and junk', () => {
    expect(parseListViewSearch({ sort: 'title', filter: 'star' })).toEqual({
      sort: 'title',
      filter: 'star',
    })
    expect(parseListViewSearch({ sort: 'added', filter: '   ' })).toEqual({
      sort: undefined,
      filter: undefined,
    })
    expect(parseListViewSearch({ sort: 'toString', filter: { a: 1 } })).toEqual({
      sort: undefined,
      filter: undefined,
    })
    expect(parseListViewSearch({ filter: 1984 })).toEqual({ sort: undefined, filter: '1984' })
    expect(parseListViewSearch({ filter: 'x'.repeat(500) }).filter).toHaveLength(100)
  })
})

describe('text helpers', () => {
  it('fold accents and case', () => {
    expect(foldText('Amélie À Ñ')).toBe('amelie a n')
  })
  it('count the movies shown', () => {
    expect(countLabel(12, 40)).toBe('12 of 40 movies')
    expect(countLabel(1, 1)).toBe('1 of 1 movie')
    expect(countLabel(1000, 1000)).toBe('1,000 of 1,000 movies')
  })
})
