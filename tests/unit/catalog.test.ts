import { describe, expect, it } from 'vitest'
// vega-datasets' package `exports` hide data/, hence the path into node_modules.
import moviesJson from '../../node_modules/vega-datasets/data/movies.json?raw'
import {
  buildCatalog,
  ID_LIMIT,
  LATEST_RELEASE_YEAR,
  type VegaMovieRecord,
} from '../../scripts/catalog.mjs'
import type { CatalogMovie } from '@/shared/demo-catalog/catalog'

const records = JSON.parse(moviesJson) as VegaMovieRecord[]
// Typed as the app's interface: tsc fails here if the builder and CatalogMovie drift apart.
const catalog: CatalogMovie[] = buildCatalog(records)

/** One hand-made record; only Title and Release Date by default. */
const record = (fields: VegaMovieRecord = {}): VegaMovieRecord => ({
  Title: 'Test Movie',
  'Release Date': 'Jun 12 1998',
  ...fields,
})

/** The single movie built from one record. */
function buildOne(fields: VegaMovieRecord = {}): CatalogMovie {
  const [movie, ...rest] = buildCatalog([record(fields)])
  if (!movie || rest.length > 0) throw new Error('expected exactly one movie')
  return movie
}

const findTitle = (title: string) => catalog.filter((movie) => movie.title === title)

describe('buildCatalog on movies.json', () => {
  it('keeps every record with a title (one has none)', () => {
    expect(records).toHaveLength(3201)
    expect(catalog).toHaveLength(3200)
  })

  it('gives unique positive integer ids below 10,000,000', () => {
    const ids = catalog.map((movie) => movie.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) {
      expect(Number.isInteger(id) && id > 0 && id < ID_LIMIT).toBe(true)
    }
  })

  it('keeps ids stable across runs and input orders', () => {
    expect(buildCatalog(records)).toEqual(catalog)
    const reversed = buildCatalog([...records].reverse())
    expect(reversed.map((movie) => movie.id)).toEqual(catalog.map((movie) => movie.id))
    // Favorites are stored by id: a changed hash would orphan them.
    expect(findTitle('The Shawshank Redemption').map((movie) => movie.id)).toEqual([590523])
  })

  it('writes ISO dates and reads two-digit-year mistakes as 19xx', () => {
    for (const { release_date } of catalog) {
      expect(release_date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(Number(release_date.slice(0, 4))).toBeLessThanOrEqual(LATEST_RELEASE_YEAR)
    }
    expect(findTitle('Gone with the Wind')[0]?.release_date).toBe('1939-12-15')
    expect(findTitle('The Wizard of Oz')[0]?.release_date).toBe('1939-08-25')
  })

  it('sorts by popularity, then id', () => {
    for (let index = 1; index < catalog.length; index++) {
      const previous = catalog[index - 1]
      const current = catalog[index]
      if (!previous || !current) continue
      const ordered =
        previous.popularity > current.popularity ||
        (previous.popularity === current.popularity && previous.id < current.id)
      expect(ordered).toBe(true)
    }
    expect(catalog[0]?.title).toBe('The Shawshank Redemption')
  })

  it('cleans up titles', () => {
    expect(findTitle('300')).toHaveLength(1)
    expect(findTitle('Léon')).toHaveLength(1)
    expect(findTitle('Déjà Vu')).toHaveLength(1)
    expect(findTitle('The Charge of the Light Brigade')).toHaveLength(1)
    // "King Kong (1933)" loses its disambiguator: the year is in release_date.
    expect(
      findTitle('King Kong')
        .map((movie) => movie.release_date.slice(0, 4))
        .sort(),
    ).toEqual(['1933', '1976', '2005'])
  })
})

describe('buildCatalog on hand-made records', () => {
  it('maps every field of a full record', () => {
    const movie = buildOne({
      Title: 'Saving Private Ryan',
      'Release Date': 'Jul 24 1998',
      'MPAA Rating': 'R',
      'Running Time min': 169,
      Distributor: 'DreamWorks SKG',
      'Major Genre': 'Drama',
      'Creative Type': 'Historical Fiction',
      Director: 'Steven Spielberg',
      'IMDB Rating': 8.54,
      'IMDB Votes': 270540,
    })
    expect(movie).toEqual({
      id: movie.id,
      title: 'Saving Private Ryan',
      original_title: 'Saving Private Ryan',
      overview:
        'A 1998 drama directed by Steven Spielberg. Distributed by DreamWorks SKG. Rated R, 169 minutes.',
      poster_path: `/${String(movie.id)}.svg`,
      release_date: '1998-07-24',
      vote_average: 8.5,
      vote_count: 270540,
      popularity: 270.54,
      genre_ids: [18, 36],
      genres: [
        { id: 18, name: 'Drama' },
        { id: 36, name: 'History' },
      ],
      runtime: 169,
      adult: false,
      video: false,
      original_language: 'en',
    })
  })

  it.each([
    ['Romantic Comedy', null, [10749, 35]],
    ['Concert/Performance', null, [10402, 99]],
    ['Thriller/Suspense', null, [53]],
    ['Musical', 'Kids Fiction', [10402, 10751]],
    ['Action', 'Super Hero', [28, 878]],
    ['Black Comedy', 'Contemporary Fiction', [35]],
    [null, 'Fantasy', [14]],
    [null, null, []],
  ])('maps %s / %s to genre ids %j', (majorGenre, creativeType, ids) => {
    const movie = buildOne({ 'Major Genre': majorGenre, 'Creative Type': creativeType })
    expect(movie.genre_ids).toEqual(ids)
    expect(movie.genres.map((genre) => genre.id)).toEqual(ids)
  })

  it('names genres as TMDB does', () => {
    const movie = buildOne({ 'Major Genre': 'Romantic Comedy', 'Creative Type': 'Science Fiction' })
    expect(movie.genres.map((genre) => genre.name)).toEqual([
      'Romance',
      'Comedy',
      'Science Fiction',
    ])
  })

  it.each<[VegaMovieRecord, string]>([
    [{}, ''],
    [{ 'Release Date': null }, ''],
    [{ 'MPAA Rating': 'Open' }, ''],
    [{ 'Major Genre': 'Action', 'Release Date': null }, 'An action film.'],
    [{ Director: 'Ang Lee' }, 'A 1998 film directed by Ang Lee.'],
    [{ Distributor: 'Warner Bros.' }, 'A 1998 film. Distributed by Warner Bros.'],
    [{ 'MPAA Rating': 'Not Rated', 'Running Time min': 95 }, 'A 1998 film. Not rated, 95 minutes.'],
    [{ 'Running Time min': 95, 'Release Date': 'bad' }, '95 minutes.'],
  ])('composes the overview of %j only from present facts', (fields, overview) => {
    expect(buildOne(fields).overview).toBe(overview)
  })

  it.each([
    ['Dec 15 2039', '1939-12-15'],
    ['Jan 28 2011', '2011-01-28'],
    ['Feb 29 2004', '2004-02-29'],
    ['Feb 30 2004', ''],
    ['1998-06-12', ''],
    ['', ''],
    [null, ''],
  ])('parses release date %j as %j', (date, iso) => {
    expect(buildOne({ 'Release Date': date }).release_date).toBe(iso)
  })

  it('scores from IMDB, with 0 when missing', () => {
    expect(buildOne({ 'IMDB Rating': 7.25, 'IMDB Votes': 12345 })).toMatchObject({
      vote_average: 7.3,
      vote_count: 12345,
      popularity: 12.345,
    })
    expect(buildOne({ 'IMDB Rating': null, 'IMDB Votes': null })).toMatchObject({
      vote_average: 0,
      vote_count: 0,
      popularity: 0,
    })
  })

  it('drops records without a usable title and exact duplicates', () => {
    const movies = buildCatalog([
      record({ Title: null }),
      record({ Title: '   ' }),
      record({ Title: undefined }),
      record({ Title: 'Crash', 'Release Date': 'Oct 04 1996' }),
      record({ Title: 'crash ', 'Release Date': 'Oct 04 1996' }),
      record({ Title: 'Crash', 'Release Date': 'May 06 2005' }),
    ])
    expect(movies.map((movie) => [movie.title, movie.release_date])).toEqual(
      expect.arrayContaining([
        ['Crash', '1996-10-04'],
        ['Crash', '2005-05-06'],
      ]),
    )
    expect(movies).toHaveLength(2)
    expect(movies[0]?.id).not.toBe(movies[1]?.id)
  })

  it('turns numeric titles into text and fixes misplaced articles and mis-encoded letters', () => {
    expect(buildOne({ Title: 1941 }).title).toBe('1941')
    expect(buildOne({ Title: 'Secret, The' }).title).toBe('The Secret')
    expect(buildOne({ Title: 'CachÈ' }).title).toBe('Caché')
    expect(buildOne({ Title: 'Halloween:  The  Curse' }).title).toBe('Halloween: The Curse')
  })

  it('sorts by popularity, then id', () => {
    const movies = buildCatalog([
      record({ Title: 'A', 'IMDB Votes': 10 }),
      record({ Title: 'B', 'IMDB Votes': 5000 }),
      record({ Title: 'C' }),
      record({ Title: 'D' }),
    ])
    expect(movies.map((movie) => movie.title).slice(0, 2)).toEqual(['B', 'A'])
    const [c, d] = movies.slice(2)
    expect((c?.id ?? 0) < (d?.id ?? 0)).toBe(true)
  })
})
