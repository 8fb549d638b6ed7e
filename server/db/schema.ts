import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import type { Viewing } from '@/shared/film-log/records'
import type { WatchService } from '@/shared/lists/merge'

// better-auth's adapter finds its tables' columns by these property names; the column names
// are ours. After a change, `npm run db:generate` writes the migration.

const id = () => text('id').primaryKey()
const times = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .defaultNow()
    .$onUpdate(() => new Date())
    .notNull(),
})

export const user = pgTable('user', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').default(false).notNull(),
  image: text('image'),
  ...times(),
})

const userId = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' })
const userIndex = (name: string) => (table: { userId: AnyPgColumn }) => [
  index(name).on(table.userId),
]

export const session = pgTable(
  'session',
  {
    id: id(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ...times(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: userId(),
  },
  userIndex('session_user_id_idx'),
)

export const account = pgTable(
  'account',
  {
    id: id(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: userId(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...times(),
  },
  userIndex('account_user_id_idx'),
)

export const verification = pgTable(
  'verification',
  {
    id: id(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...times(),
  },
  (table) => [index('verification_identifier_idx').on(table.identifier)],
)

export const rateLimit = pgTable('rate_limit', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
})

export const serverSetting = pgTable('server_setting', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
})

// Times are the editing device's, in ms; `sent_edited_at` as sent, to know a repeated request.
export const listEntry = pgTable(
  'list_entry',
  {
    userId: userId(),
    list: text('list').notNull(),
    movieId: integer('movie_id').notNull(),
    present: boolean('present').notNull(),
    editedAt: bigint('edited_at', { mode: 'number' }).notNull(),
    sentEditedAt: bigint('sent_edited_at', { mode: 'number' }).notNull(),
    title: text('title'),
    posterPath: text('poster_path'),
    releaseDate: text('release_date'),
    voteAverage: doublePrecision('vote_average'),
    addedAt: text('added_at'),
    // A named list's entries only: the fractional index that orders them.
    position: text('position'),
    serverSeq: bigint('server_seq', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.list, table.movieId] }),
    index('list_entry_user_seq_idx').on(table.userId, table.serverSeq),
  ],
)

// Each account setting is three columns: its value, its time as held (clamped) and as sent.
export const listSync = pgTable('list_sync', {
  userId: userId().primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull().default(0),
  hideSeen: boolean('hide_seen'),
  hideSeenEditedAt: bigint('hide_seen_edited_at', { mode: 'number' }),
  hideSeenSentAt: bigint('hide_seen_sent_at', { mode: 'number' }),
  services: jsonb('services').$type<WatchService[]>(),
  servicesEditedAt: bigint('services_edited_at', { mode: 'number' }),
  servicesSentAt: bigint('services_sent_at', { mode: 'number' }),
})

// A person's own list: its meta edit, merged as an entry is; its films are `list_entry` rows
// whose `list` is `list:<list_id>`.
export const namedList = pgTable(
  'named_list',
  {
    userId: userId(),
    listId: text('list_id').notNull(),
    present: boolean('present').notNull(),
    editedAt: bigint('edited_at', { mode: 'number' }).notNull(),
    sentEditedAt: bigint('sent_edited_at', { mode: 'number' }).notNull(),
    name: text('name'),
    description: text('description'),
    ranked: boolean('ranked'),
    createdAt: text('created_at'),
    serverSeq: bigint('server_seq', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.listId] }),
    index('named_list_user_seq_idx').on(table.userId, table.serverSeq),
  ],
)

/** A list readable by whoever has the link: `list` is a fixed list's name or `list:<id>`. */
export const listShare = pgTable(
  'list_share',
  {
    token: text('token').primaryKey(),
    userId: userId(),
    list: text('list').notNull(),
    indexable: boolean('indexable').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [unique('list_share_user_list_unique').on(table.userId, table.list)],
)

// A person's ratings, one per film, and viewings, by the id the device chose; merged as entries
// are, on the same counter.
export const rating = pgTable(
  'rating',
  {
    userId: userId(),
    movieId: integer('movie_id').notNull(),
    // Null: a rating cleared.
    value: integer('value'),
    editedAt: bigint('edited_at', { mode: 'number' }).notNull(),
    sentEditedAt: bigint('sent_edited_at', { mode: 'number' }).notNull(),
    serverSeq: bigint('server_seq', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.movieId] }),
    index('rating_user_seq_idx').on(table.userId, table.serverSeq),
  ],
)

export const viewing = pgTable(
  'viewing',
  {
    userId: userId(),
    viewingId: text('viewing_id').notNull(),
    present: boolean('present').notNull(),
    editedAt: bigint('edited_at', { mode: 'number' }).notNull(),
    sentEditedAt: bigint('sent_edited_at', { mode: 'number' }).notNull(),
    // Kept whole, as checked, and never queried inside; null once deleted.
    viewing: jsonb('viewing').$type<Viewing>(),
    serverSeq: bigint('server_seq', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.viewingId] }),
    index('viewing_user_seq_idx').on(table.userId, table.serverSeq),
  ],
)
