// @ts-check
/**
 * Turns vega-datasets `movies.json` records into TMDB-shaped movies for the offline demo
 * catalog. Pure and deterministic: the same records always give the same output and ids.
 */

/**
 * One record of vega-datasets `movies.json` (only the fields used here). The data is loose:
 * a few titles are numbers (`300`, `1941`) and most fields can be null.
 * @typedef {{
 *   Title?: unknown,
 *   'Release Date'?: unknown,
 *   'MPAA Rating'?: unknown,
 *   'Running Time min'?: unknown,
 *   Distributor?: unknown,
 *   'Major Genre'?: unknown,
 *   'Creative Type'?: unknown,
 *   Director?: unknown,
 *   'IMDB Rating'?: unknown,
 *   'IMDB Votes'?: unknown,
 *   'Production Budget'?: unknown,
 *   'Worldwide Gross'?: unknown,
 * }} VegaMovieRecord
 */

/** @typedef {{ id: number, name: string }} Genre */

/**
 * Mirrors `CatalogMovie` in src/shared/demo-catalog/catalog.ts (a type test keeps the two in step).
 * @typedef {object} CatalogMovie
 * @property {number} id
 * @property {string} title
 * @property {string} original_title
 * @property {string} overview
 * @property {string} poster_path
 * @property {string} release_date ISO `YYYY-MM-DD`, or "" when unknown
 * @property {number} vote_average
 * @property {number} vote_count
 * @property {number} popularity
 * @property {number[]} genre_ids
 * @property {Genre[]} genres
 * @property {number} runtime minutes, 0 when unknown (as TMDB does)
 * @property {boolean} adult
 * @property {boolean} video
 * @property {string} original_language
 */

/**
 * What a detail page adds to a catalog movie; mirrors `CatalogMovieExtras` in
 * src/shared/demo-catalog/catalog.ts.
 * @typedef {object} CatalogMovieExtras
 * @property {string} director "" when unknown
 * @property {string} certification the MPAA rating ("PG-13"), "" when the record has none
 * @property {number} budget US dollars, 0 when unknown (as TMDB does)
 * @property {number} revenue worldwide gross in US dollars, 0 when unknown
 */

/** @typedef {CatalogMovie & CatalogMovieExtras} DetailedCatalogMovie */

/**
 * The data set was compiled around 2010; its latest real releases are from 2011. Later years
 * (2015–2046) are 1915–1946 films whose two-digit years were read as 20xx, e.g.
 * "Gone with the Wind" is dated "Dec 15 2039".
 */
export const LATEST_RELEASE_YEAR = 2011

/** Ids are below 10,000,000 so they look like TMDB ids and stay small in URLs. */
export const ID_LIMIT = 10_000_000

/** TMDB's own genre ids and names. */
const TMDB_GENRES = {
  action: { id: 28, name: 'Action' },
  adventure: { id: 12, name: 'Adventure' },
  comedy: { id: 35, name: 'Comedy' },
  documentary: { id: 99, name: 'Documentary' },
  drama: { id: 18, name: 'Drama' },
  family: { id: 10751, name: 'Family' },
  fantasy: { id: 14, name: 'Fantasy' },
  history: { id: 36, name: 'History' },
  horror: { id: 27, name: 'Horror' },
  music: { id: 10402, name: 'Music' },
  romance: { id: 10749, name: 'Romance' },
  scienceFiction: { id: 878, name: 'Science Fiction' },
  thriller: { id: 53, name: 'Thriller' },
  western: { id: 37, name: 'Western' },
}

/** @type {Record<string, Genre[]>} */
const GENRES_BY_MAJOR_GENRE = {
  Drama: [TMDB_GENRES.drama],
  Comedy: [TMDB_GENRES.comedy],
  Musical: [TMDB_GENRES.music],
  'Thriller/Suspense': [TMDB_GENRES.thriller],
  Adventure: [TMDB_GENRES.adventure],
  Action: [TMDB_GENRES.action],
  'Romantic Comedy': [TMDB_GENRES.romance, TMDB_GENRES.comedy],
  Horror: [TMDB_GENRES.horror],
  Western: [TMDB_GENRES.western],
  Documentary: [TMDB_GENRES.documentary],
  'Black Comedy': [TMDB_GENRES.comedy],
  'Concert/Performance': [TMDB_GENRES.music, TMDB_GENRES.documentary],
}

/** @type {Record<string, Genre[]>} */
const GENRES_BY_CREATIVE_TYPE = {
  'Science Fiction': [TMDB_GENRES.scienceFiction],
  Fantasy: [TMDB_GENRES.fantasy],
  'Kids Fiction': [TMDB_GENRES.family],
  'Historical Fiction': [TMDB_GENRES.history],
  'Super Hero': [TMDB_GENRES.action, TMDB_GENRES.scienceFiction],
}

/**
 * How the overview names each major genre ("A 1998 drama", "An action film").
 * @type {Record<string, string>}
 */
const GENRE_NOUNS = {
  Drama: 'drama',
  Comedy: 'comedy',
  Musical: 'musical',
  'Thriller/Suspense': 'thriller',
  Adventure: 'adventure film',
  Action: 'action film',
  'Romantic Comedy': 'romantic comedy',
  Horror: 'horror film',
  Western: 'western',
  Documentary: 'documentary',
  'Black Comedy': 'black comedy',
  'Concert/Performance': 'concert film',
}

/** Real MPAA ratings; the data also has "Open", which is not one. */
const MPAA_RATINGS = new Set(['G', 'PG', 'PG-13', 'R', 'NC-17'])

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/**
 * Some foreign titles were stored as Latin-1 bytes and read back as Mac Roman
 * ("LÈon", "DÈj‡ Vu"). These are the mis-read characters found in the data, mapped back.
 * @type {Record<string, string>}
 */
const MAC_ROMAN_REPAIRS = {
  '\u00c8': 'é', // È
  '\u00cd': 'ê', // Í
  '\u02d8': 'ù', // ˘
  '\u00d6': '…', // Ö
  '\u03a9': '½', // Ω
  '\u2030': 'ä', // ‰
  '\u2021': 'à', // ‡
  '\u00cb': 'è', // Ë
  '\u00b7': 'á', // ·
  '\u00db': 'ó', // Û
  '\u00d9': 'ô', // Ù
  '\u00ce': 'ë', // Î
}
const MAC_ROMAN_PATTERN = new RegExp(`[${Object.keys(MAC_ROMAN_REPAIRS).join('')}]`, 'g')

/**
 * A trimmed, repaired string, or "" for anything that is not text.
 * @param {unknown} value
 */
function text(value) {
  if (typeof value !== 'string') return ''
  return value
    .replace(MAC_ROMAN_PATTERN, (char) => MAC_ROMAN_REPAIRS[char] ?? char)
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * @param {unknown} value
 * @returns {number | null}
 */
function finiteNumber(value) {
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

/**
 * Display title, or "" when the record has none. Numeric titles ("300") become text,
 * "Secret, The" becomes "The Secret", and a "(1933)" disambiguator is dropped because the
 * year is shown separately (as on TMDB).
 * @param {unknown} value
 */
export function cleanTitle(value) {
  const raw = typeof value === 'number' && Number.isFinite(value) ? String(value) : text(value)
  return raw
    .replace(/^(.+), (The|A|An)$/, '$2 $1')
    .replace(/ \(\d{4}\)$/, '')
    .trim()
}

/**
 * Parses "Jun 12 1998" into "1998-06-12"; "" when missing or invalid.
 * @param {unknown} value
 */
export function parseReleaseDate(value) {
  const match = /^([A-Z][a-z]{2}) (\d{1,2}) (\d{4})$/.exec(text(value))
  if (!match) return ''
  const [, monthName = '', dayText = '', yearText = ''] = match
  const month = MONTHS.indexOf(monthName) + 1
  const day = Number(dayText)
  let year = Number(yearText)
  if (year > LATEST_RELEASE_YEAR) year -= 100
  // Round-trip through Date to reject days such as Feb 30.
  const date = new Date(Date.UTC(year, month - 1, day))
  if (month < 1 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return ''
  return date.toISOString().slice(0, 10)
}

/**
 * Case-, accent- and spacing-insensitive form of a title, used for duplicate detection and ids.
 * @param {string} title
 */
function foldTitle(title) {
  return title.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ')
}

/**
 * FNV-1a, 32-bit, over the UTF-8 bytes of `input`.
 * @param {string} input
 */
export function fnv1a32(input) {
  let hash = 0x811c9dc5
  for (const byte of new TextEncoder().encode(input)) {
    hash = Math.imul(hash ^ byte, 0x01000193)
  }
  return hash >>> 0
}

/**
 * Genres from the major genre, then from the creative type, without repeats.
 * @param {string} majorGenre
 * @param {string} creativeType
 * @returns {Genre[]}
 */
export function mapGenres(majorGenre, creativeType) {
  const all = [
    ...(GENRES_BY_MAJOR_GENRE[majorGenre] ?? []),
    ...(GENRES_BY_CREATIVE_TYPE[creativeType] ?? []),
  ]
  return all.filter((genre, index) => all.findIndex((other) => other.id === genre.id) === index)
}

/**
 * Ends a sentence with a full stop unless it already ends with one ("Warner Bros.").
 * @param {string} phrase
 */
function sentence(phrase) {
  return /[.!?]$/.test(phrase) ? phrase : `${phrase}.`
}

/**
 * "A" or "An" for the word that follows ("An 1899 film", "An action film").
 * @param {string} nextWord
 */
function article(nextWord) {
  return /^(?:[aeiou]|8|18\d\d\b)/i.test(nextWord) ? 'An' : 'A'
}

/**
 * @typedef {object} OverviewFacts
 * @property {string} year
 * @property {string} majorGenre
 * @property {string} director
 * @property {string} distributor
 * @property {string} rating
 * @property {number | null} runtime
 */

/**
 * An overview built only from facts in the record, e.g. "A 1998 drama directed by Steven
 * Spielberg. Distributed by DreamWorks. Rated R, 169 minutes." The year alone is not enough
 * (the release date is shown anyway): then the overview is "" and the UI shows its fallback.
 * @param {OverviewFacts} facts
 */
export function composeOverview({ year, majorGenre, director, distributor, rating, runtime }) {
  const noun = GENRE_NOUNS[majorGenre] ?? ''
  const ratingText = MPAA_RATINGS.has(rating)
    ? `Rated ${rating}`
    : rating === 'Not Rated'
      ? 'Not rated'
      : ''
  const runtimeText = runtime ? `${runtime} minutes` : ''
  if (!noun && !director && !distributor && !ratingText && !runtimeText) return ''

  const sentences = []
  if (year || noun || director) {
    const subject = [year, noun || 'film'].filter(Boolean).join(' ')
    const directedBy = director ? ` directed by ${director}` : ''
    sentences.push(sentence(`${article(subject)} ${subject}${directedBy}`))
  }
  if (distributor) sentences.push(sentence(`Distributed by ${distributor}`))
  const details = [ratingText, runtimeText].filter(Boolean).join(', ')
  if (details) sentences.push(sentence(details.charAt(0).toUpperCase() + details.slice(1)))
  return sentences.join(' ')
}

/**
 * @param {VegaMovieRecord} record
 * @param {string} title
 * @param {string} releaseDate
 * @param {number} id
 * @returns {CatalogMovie}
 */
function toCatalogMovie(record, title, releaseDate, id) {
  const majorGenre = text(record['Major Genre'])
  const genres = mapGenres(majorGenre, text(record['Creative Type']))
  const rating = finiteNumber(record['IMDB Rating'])
  const votes = Math.max(0, Math.round(finiteNumber(record['IMDB Votes']) ?? 0))
  const runtime = Math.max(0, Math.round(finiteNumber(record['Running Time min']) ?? 0))
  return {
    id,
    title,
    original_title: title,
    overview: composeOverview({
      year: releaseDate.slice(0, 4),
      majorGenre,
      director: text(record.Director),
      distributor: text(record.Distributor),
      rating: text(record['MPAA Rating']),
      runtime,
    }),
    poster_path: `/${id}.svg`,
    release_date: releaseDate,
    vote_average: rating === null ? 0 : Math.round(rating * 10) / 10,
    vote_count: votes,
    // Votes are integers, so votes / 1000 has at most three decimals.
    popularity: votes / 1000,
    genre_ids: genres.map((genre) => genre.id),
    genres,
    runtime,
    adult: false,
    video: false,
    original_language: 'en',
  }
}

/**
 * The records worth a movie, each with a stable id: drops records without a title and exact
 * duplicates (same title and date).
 * @param {readonly VegaMovieRecord[]} records
 * @returns {{ record: VegaMovieRecord, title: string, releaseDate: string, id: number }[]}
 */
function identifiedRecords(records) {
  /** @type {Map<string, { record: VegaMovieRecord, title: string, releaseDate: string }>} */
  const byKey = new Map()
  for (const record of records) {
    const title = cleanTitle(record.Title)
    if (!title) continue
    const releaseDate = parseReleaseDate(record['Release Date'])
    const key = `${foldTitle(title)}|${releaseDate}`
    if (!byKey.has(key)) byKey.set(key, { record, title, releaseDate })
  }

  // Ids come from the key alone; collisions are settled in key order, so the input order
  // never changes an id.
  const keys = [...byKey.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const usedIds = new Set()
  const identified = []
  for (const key of keys) {
    const entry = byKey.get(key)
    if (!entry) continue
    let id = (fnv1a32(key) % (ID_LIMIT - 1)) + 1
    while (usedIds.has(id)) id = (id % (ID_LIMIT - 1)) + 1
    usedIds.add(id)
    identified.push({ ...entry, id })
  }
  return identified
}

/** @param {{ popularity: number, id: number }} a @param {{ popularity: number, id: number }} b */
const byPopularity = (a, b) => b.popularity - a.popularity || a.id - b.id

/**
 * Builds the demo catalog's list records: drops records without a title and exact duplicates
 * (same title and date), gives every film a stable id and sorts by popularity (desc), then id.
 * @param {readonly VegaMovieRecord[]} records
 * @returns {CatalogMovie[]}
 */
export function buildCatalog(records) {
  return identifiedRecords(records)
    .map(({ record, title, releaseDate, id }) => toCatalogMovie(record, title, releaseDate, id))
    .sort(byPopularity)
}

/**
 * What the record tells a detail page beyond the list fields.
 * @param {VegaMovieRecord} record
 * @returns {CatalogMovieExtras}
 */
export function movieExtras(record) {
  const rating = text(record['MPAA Rating'])
  /** @param {unknown} value */
  const dollars = (value) => Math.max(0, Math.round(finiteNumber(value) ?? 0))
  return {
    director: text(record.Director),
    certification: MPAA_RATINGS.has(rating) ? rating : '',
    budget: dollars(record['Production Budget']),
    revenue: dollars(record['Worldwide Gross']),
  }
}

/**
 * The catalog as the demo serves it: buildCatalog's movies, each with its detail extras.
 * @param {readonly VegaMovieRecord[]} records
 * @returns {DetailedCatalogMovie[]}
 */
export function buildDetailedCatalog(records) {
  return identifiedRecords(records)
    .map(({ record, title, releaseDate, id }) => ({
      ...toCatalogMovie(record, title, releaseDate, id),
      ...movieExtras(record),
    }))
    .sort(byPopularity)
}
