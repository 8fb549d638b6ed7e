import {
  calendarDay,
  isRating,
  MAX_NOTE,
  MAX_RATING,
  MAX_TAG,
  MAX_TAGS,
  MIN_RATING,
  viewingProblem,
  type RatingEdit,
  type Viewing,
  type ViewingEdit,
} from '@/shared/film-log/records'
import {
  MAX_SERVICE_NAME,
  MAX_WATCH_SERVICES,
  SYNC_LISTS,
  type ListEdit,
  type SettingEdit,
  type WatchService,
} from '@/shared/lists/merge'
import {
  descriptionProblem,
  isNamedListKey,
  listNameProblem,
  MAX_LIST_DESCRIPTION,
  MAX_LIST_NAME,
  MAX_POSITION,
  NAMED_LIST_KEY_PATTERN,
  POSITION_PATTERN,
  type ListMetaEdit,
  type NamedListMeta,
} from '@/shared/lists/named'

// A first sync carries every entry a person has: well above any real collection.
export const MAX_CHANGES = 10_000
export const SYNC_BODY_LIMIT = 8 * 1024 * 1024
/** Every list of a full account, and as many deleted. */
export const MAX_LIST_EDITS = 2000
/** A rating for each film a first sync's entries could name. */
export const MAX_RATING_EDITS = 10_000
export const MAX_VIEWING_EDITS = 5000
const DAY_MS = 24 * 3600 * 1000

// Up to the latest time a Date can hold.
const TIME = { type: 'integer', minimum: 0, maximum: 8.64e15 } as const
const ID = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const
const DATE = '^\\d{4}-\\d{2}-\\d{2}$'
const DATE_TIME =
  '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2})$'

const movie = {
  type: 'object',
  required: ['title'],
  additionalProperties: false,
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 300 },
    poster_path: { type: ['string', 'null'], maxLength: 200 },
    // TMDB gives '' for a film with no date yet.
    release_date: { type: ['string', 'null'], maxLength: 10, pattern: `(${DATE})|^$` },
    vote_average: { type: ['number', 'null'], minimum: 0, maximum: 10 },
    added_at: { type: ['string', 'null'], maxLength: 35, pattern: DATE_TIME },
    position: {
      type: ['string', 'null'],
      minLength: 1,
      maxLength: MAX_POSITION,
      pattern: POSITION_PATTERN,
    },
  },
} as const

export const LIST_KEY = {
  type: 'string',
  anyOf: [{ enum: SYNC_LISTS }, { pattern: NAMED_LIST_KEY_PATTERN }],
} as const
const UUID = { type: 'string', pattern: NAMED_LIST_KEY_PATTERN.replace('^list:', '^') } as const
const LIST_ID = UUID

const listMeta = {
  type: 'object',
  required: ['id', 'present', 'editedAt'],
  additionalProperties: false,
  properties: {
    id: LIST_ID,
    present: { type: 'boolean' },
    editedAt: TIME,
    meta: {
      type: 'object',
      required: ['name', 'description', 'ranked', 'createdAt'],
      additionalProperties: false,
      properties: {
        // Runs of white space count as one (listNameProblem): room for them, checked after.
        name: { type: 'string', maxLength: MAX_LIST_NAME * 4 },
        description: { type: 'string', maxLength: MAX_LIST_DESCRIPTION },
        ranked: { type: 'boolean' },
        createdAt: { type: 'string', maxLength: 35, pattern: DATE_TIME },
      },
    },
  },
} as const

const setting = <T>(value: T) =>
  ({
    type: 'object',
    required: ['value', 'editedAt'],
    additionalProperties: false,
    properties: { value, editedAt: TIME },
  }) as const

const service = {
  type: 'object',
  required: ['id', 'name'],
  additionalProperties: false,
  properties: { id: ID, name: { type: 'string', minLength: 1, maxLength: MAX_SERVICE_NAME } },
} as const

const edit = {
  type: 'object',
  required: ['list', 'movieId', 'present', 'editedAt'],
  additionalProperties: false,
  properties: {
    list: LIST_KEY,
    movieId: ID,
    present: { type: 'boolean' },
    editedAt: TIME,
    movie,
  },
} as const

const RATING = { type: ['integer', 'null'], minimum: MIN_RATING, maximum: MAX_RATING } as const

const ratingEdit = {
  type: 'object',
  required: ['movieId', 'value', 'editedAt'],
  additionalProperties: false,
  properties: { movieId: ID, value: RATING, editedAt: TIME },
} as const

const film = {
  type: 'object',
  required: ['title', 'poster_path', 'release_date', 'runtime', 'genres', 'directors'],
  additionalProperties: false,
  properties: {
    title: movie.properties.title,
    poster_path: movie.properties.poster_path,
    release_date: movie.properties.release_date,
    runtime: { type: ['integer', 'null'], minimum: 0, maximum: 100_000 },
    genres: { type: 'array', maxItems: 50, items: ID },
    directors: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        required: ['id', 'name'],
        additionalProperties: false,
        properties: { id: ID, name: { type: 'string', minLength: 1, maxLength: 300 } },
      },
    },
  },
} as const

const viewingEdit = {
  type: 'object',
  required: ['id', 'present', 'editedAt'],
  additionalProperties: false,
  properties: {
    id: UUID,
    present: { type: 'boolean' },
    editedAt: TIME,
    viewing: {
      type: 'object',
      required: ['movieId', 'watchedOn', 'rating', 'rewatch', 'note', 'spoilers', 'tags', 'film'],
      additionalProperties: false,
      properties: {
        movieId: ID,
        watchedOn: { type: 'string', pattern: DATE },
        rating: RATING,
        rewatch: { type: 'boolean' },
        // Checked after (viewingProblem): its characters, and the calendar.
        note: { type: 'string', maxLength: MAX_NOTE },
        spoilers: { type: 'boolean' },
        tags: {
          type: 'array',
          maxItems: MAX_TAGS,
          items: { type: 'string', minLength: 1, maxLength: MAX_TAG },
        },
        film,
      },
    },
  },
} as const

export const syncBody = {
  type: 'object',
  required: ['since', 'changes'],
  additionalProperties: false,
  properties: {
    since: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
    changes: { type: 'array', maxItems: MAX_CHANGES, items: edit },
    hideSeen: setting({ type: 'boolean' }),
    services: setting({ type: 'array', maxItems: MAX_WATCH_SERVICES, items: service }),
    lists: { type: 'array', maxItems: MAX_LIST_EDITS, items: listMeta },
    ratings: { type: 'array', maxItems: MAX_RATING_EDITS, items: ratingEdit },
    viewings: { type: 'array', maxItems: MAX_VIEWING_EDITS, items: viewingEdit },
    logSince: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
  },
} as const

export type SentEdit = Omit<ListEdit, 'movie'> & {
  movie?: { title: string } & Partial<NonNullable<ListEdit['movie']>>
}

export interface SyncBody {
  since: number
  changes: SentEdit[]
  hideSeen?: SettingEdit<boolean>
  services?: SettingEdit<WatchService[]>
  lists?: ListMetaEdit[]
  ratings?: RatingEdit[]
  viewings?: ViewingEdit[]
  logSince?: number
}

const realDate = (text: string | null | undefined) => !text || !Number.isNaN(Date.parse(text))

/** What the schema cannot say: an entry on a list has its movie, and real dates. */
export function checkChanges(changes: readonly SentEdit[]): boolean {
  return changes.every(
    ({ present, movie }) =>
      (!present || movie !== undefined) &&
      realDate(movie?.release_date) &&
      realDate(movie?.added_at),
  )
}

export const toEdit = ({ movie, ...edit }: SentEdit): ListEdit =>
  edit.present && movie
    ? {
        ...edit,
        movie: {
          title: movie.title,
          poster_path: movie.poster_path ?? null,
          release_date: movie.release_date ?? null,
          vote_average: movie.vote_average ?? null,
          added_at: movie.added_at ?? null,
          ...(isNamedListKey(edit.list) ? { position: movie.position ?? null } : {}),
        },
      }
    : edit

/** What the schema cannot say of a list's edit: a list kept has its meta, a name and a real date. */
export const checkListEdits = (lists: readonly ListMetaEdit[]): boolean =>
  lists.every(
    ({ present, meta }) =>
      !present ||
      (meta !== undefined &&
        listNameProblem(meta.name) === null &&
        descriptionProblem(meta.description) === null &&
        realDate(meta.createdAt)),
  )

/** A deleted list keeps no meta. */
export const toListEdit = ({ meta, ...edit }: ListMetaEdit): ListMetaEdit =>
  edit.present && meta ? { ...edit, meta: metaOf(meta) } : edit

const metaOf = ({ name, description, ranked, createdAt }: NamedListMeta): NamedListMeta => ({
  name,
  description,
  ranked,
  createdAt,
})

/** Sorted by id, one per id (the smallest name of a repeated one): equal choices, equal text. */
export function toServices(services: readonly WatchService[]): WatchService[] {
  const sorted = services
    .map(({ id, name }) => ({ id, name }))
    .sort((a, b) => a.id - b.id || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  return sorted.filter((service, i) => service.id !== sorted[i - 1]?.id)
}

/**
 * What the schema cannot say of a diary: real ratings, and a viewing kept has its viewing, on a
 * real day no later than tomorrow in UTC (a person's calendar may be ahead of the server's).
 */
export function checkFilmLog(
  ratings: readonly RatingEdit[],
  viewings: readonly ViewingEdit[],
  now: number,
): boolean {
  const latestDay = new Date(now + DAY_MS).toISOString().slice(0, 10)
  return (
    ratings.every(({ value }) => value === null || isRating(value)) &&
    viewings.every(
      ({ present, viewing }) =>
        !present ||
        (viewing !== undefined &&
          viewingProblem(viewing, latestDay) === null &&
          (!viewing.film.release_date || calendarDay(viewing.film.release_date) !== null)),
    )
  )
}

export const toRatingEdit = ({ movieId, value, editedAt }: RatingEdit): RatingEdit => ({
  movieId,
  value,
  editedAt,
})

/** A deleted viewing keeps no data. */
export const toViewingEdit = ({ viewing, ...edit }: ViewingEdit): ViewingEdit =>
  edit.present && viewing
    ? { id: edit.id, present: true, editedAt: edit.editedAt, viewing: viewingOf(viewing) }
    : { id: edit.id, present: edit.present, editedAt: edit.editedAt }

const viewingOf = (viewing: Viewing): Viewing => ({
  movieId: viewing.movieId,
  watchedOn: viewing.watchedOn,
  rating: viewing.rating,
  rewatch: viewing.rewatch,
  note: viewing.note,
  spoilers: viewing.spoilers,
  tags: [...viewing.tags],
  film: {
    title: viewing.film.title,
    poster_path: viewing.film.poster_path,
    release_date: viewing.film.release_date,
    runtime: viewing.film.runtime,
    genres: [...viewing.film.genres],
    directors: viewing.film.directors.map(({ id, name }) => ({ id, name })),
  },
})
