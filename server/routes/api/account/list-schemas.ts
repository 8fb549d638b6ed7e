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
const LIST_ID = { type: 'string', pattern: NAMED_LIST_KEY_PATTERN.replace('^list:', '^') } as const

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
