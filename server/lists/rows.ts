import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { RatingEdit, ViewingEdit } from '@/shared/film-log/records'
import type { EntryListKey, ListEdit, SettingEdit, WatchService } from '@/shared/lists/merge'
import { isNamedListKey, type ListMetaEdit } from '@/shared/lists/named'
import type { Database } from '../db/database'
import { listEntry, listSync, namedList, rating, viewing } from '../db/schema'

/** An edit as held: its time may be clamped; `sentAt` is the time as sent. */
export interface Sent<T> {
  value: T
  sentAt: number
}

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]
type EntryRow = typeof listEntry.$inferSelect

export const toEdit = (row: EntryRow): ListEdit => ({
  list: row.list as EntryListKey,
  movieId: row.movieId,
  present: row.present,
  editedAt: row.editedAt,
  ...(row.present && row.title !== null
    ? {
        movie: {
          title: row.title,
          poster_path: row.posterPath,
          release_date: row.releaseDate,
          vote_average: row.voteAverage,
          added_at: row.addedAt,
          ...(isNamedListKey(row.list) ? { position: row.position } : {}),
        },
      }
    : {}),
})

/** The person's entry rows that meet every condition given. */
export const userEntries = (tx: Transaction, userId: string, ...conditions: (SQL | undefined)[]) =>
  tx
    .select()
    .from(listEntry)
    .where(and(eq(listEntry.userId, userId), ...conditions))

// The pairs go as one JSON parameter: one query however many there are, on both drivers.
export async function entryRows(
  tx: Transaction,
  userId: string,
  pairs: readonly (readonly [EntryListKey, number])[],
): Promise<Map<string, Sent<ListEdit>>> {
  const held = new Map<string, Sent<ListEdit>>()
  if (pairs.length === 0) return held
  const keys = JSON.stringify(pairs.map(([list, movieId]) => ({ list, movie_id: movieId })))
  const rows = await userEntries(
    tx,
    userId,
    sql`(${listEntry.list}, ${listEntry.movieId}) in (select k.list, k.movie_id from jsonb_to_recordset(${keys}::jsonb) as k(list text, movie_id integer))`,
  )
  for (const row of rows) {
    held.set(`${row.list}:${row.movieId}`, { value: toEdit(row), sentAt: row.sentEditedAt })
  }
  return held
}

export async function upsertEntries(
  tx: Transaction,
  userId: string,
  seq: number,
  edits: readonly Sent<ListEdit>[],
): Promise<void> {
  if (edits.length === 0) return
  const rows = JSON.stringify(
    edits.map(({ value, sentAt }) => ({
      list: value.list,
      movie_id: value.movieId,
      present: value.present,
      edited_at: value.editedAt,
      sent_edited_at: sentAt,
      title: value.movie?.title ?? null,
      poster_path: value.movie?.poster_path ?? null,
      release_date: value.movie?.release_date ?? null,
      vote_average: value.movie?.vote_average ?? null,
      added_at: value.movie?.added_at ?? null,
      position: value.movie?.position ?? null,
    })),
  )
  await tx.execute(sql`
    insert into list_entry (user_id, list, movie_id, present, edited_at, sent_edited_at, title,
      poster_path, release_date, vote_average, added_at, position, server_seq)
    select ${userId}, r.list, r.movie_id, r.present, r.edited_at, r.sent_edited_at, r.title,
      r.poster_path, r.release_date, r.vote_average, r.added_at, r.position, ${seq}
    from jsonb_to_recordset(${rows}::jsonb) as r(list text, movie_id integer, present boolean,
      edited_at bigint, sent_edited_at bigint, title text, poster_path text, release_date text,
      vote_average double precision, added_at text, position text)
    on conflict (user_id, list, movie_id) do update set present = excluded.present,
      edited_at = excluded.edited_at, sent_edited_at = excluded.sent_edited_at,
      title = excluded.title, poster_path = excluded.poster_path,
      release_date = excluded.release_date, vote_average = excluded.vote_average,
      added_at = excluded.added_at, position = excluded.position,
      server_seq = excluded.server_seq`)
}

type SyncRow = typeof listSync.$inferSelect

/** The account settings a sync carries, by name, and the type of each one's value. */
export interface Settings {
  hideSeen: boolean
  services: WatchService[]
}
export type SettingName = keyof Settings

/** Each setting's columns on `list_sync`: its value, its time as held, its time as sent. */
const SETTING_COLUMNS = {
  hideSeen: ['hideSeen', 'hideSeenEditedAt', 'hideSeenSentAt'],
  services: ['services', 'servicesEditedAt', 'servicesSentAt'],
} as const satisfies Record<SettingName, readonly [keyof SyncRow, keyof SyncRow, keyof SyncRow]>

export function heldSetting<K extends SettingName>(
  row: SyncRow,
  name: K,
): Sent<SettingEdit<Settings[K]>> | null {
  const [valueColumn, editedAtColumn, sentAtColumn] = SETTING_COLUMNS[name]
  const value = row[valueColumn] as Settings[K] | null
  const editedAt = row[editedAtColumn]
  const sentAt = row[sentAtColumn]
  if (value === null || editedAt === null || sentAt === null) return null
  return { value: { value, editedAt }, sentAt }
}

/** The `list_sync` columns that hold a setting's edit. */
export function settingColumns<K extends SettingName>(
  name: K,
  { value, sentAt }: Sent<SettingEdit<Settings[K]>>,
): Partial<SyncRow> {
  const [valueColumn, editedAtColumn, sentAtColumn] = SETTING_COLUMNS[name]
  return { [valueColumn]: value.value, [editedAtColumn]: value.editedAt, [sentAtColumn]: sentAt }
}

type MetaRow = typeof namedList.$inferSelect

export const toMetaEdit = (row: MetaRow): ListMetaEdit => ({
  id: row.listId,
  present: row.present,
  editedAt: row.editedAt,
  ...(row.present &&
  row.name !== null &&
  row.description !== null &&
  row.ranked !== null &&
  row.createdAt !== null
    ? {
        meta: {
          name: row.name,
          description: row.description,
          ranked: row.ranked,
          createdAt: row.createdAt,
        },
      }
    : {}),
})

/** The person's own lists that meet every condition given. */
export const userLists = (tx: Transaction, userId: string, ...conditions: (SQL | undefined)[]) =>
  tx
    .select()
    .from(namedList)
    .where(and(eq(namedList.userId, userId), ...conditions))

export async function metaRows(
  tx: Transaction,
  userId: string,
  ids: readonly string[],
): Promise<Map<string, Sent<ListMetaEdit>>> {
  const held = new Map<string, Sent<ListMetaEdit>>()
  if (ids.length === 0) return held
  for (const row of await userLists(tx, userId, inArray(namedList.listId, [...ids]))) {
    held.set(row.listId, { value: toMetaEdit(row), sentAt: row.sentEditedAt })
  }
  return held
}

export async function upsertMetas(
  tx: Transaction,
  userId: string,
  seq: number,
  edits: readonly Sent<ListMetaEdit>[],
): Promise<void> {
  if (edits.length === 0) return
  const rows = edits.map(({ value, sentAt }) => ({
    userId,
    listId: value.id,
    present: value.present,
    editedAt: value.editedAt,
    sentEditedAt: sentAt,
    name: value.meta?.name ?? null,
    description: value.meta?.description ?? null,
    ranked: value.meta?.ranked ?? null,
    createdAt: value.meta?.createdAt ?? null,
    serverSeq: seq,
  }))
  await tx
    .insert(namedList)
    .values(rows)
    .onConflictDoUpdate({
      target: [namedList.userId, namedList.listId],
      set: {
        present: sql`excluded.present`,
        editedAt: sql`excluded.edited_at`,
        sentEditedAt: sql`excluded.sent_edited_at`,
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        ranked: sql`excluded.ranked`,
        createdAt: sql`excluded.created_at`,
        serverSeq: sql`excluded.server_seq`,
      },
    })
}

type RatingRow = typeof rating.$inferSelect

export const toRatingEdit = (row: RatingRow): RatingEdit => ({
  movieId: row.movieId,
  value: row.value,
  editedAt: row.editedAt,
})

/** The person's ratings that meet every condition given. */
export const userRatings = (tx: Transaction, userId: string, ...conditions: (SQL | undefined)[]) =>
  tx
    .select()
    .from(rating)
    .where(and(eq(rating.userId, userId), ...conditions))

// As entries: the keys go as one JSON parameter, the rows as another.
export async function ratingRows(
  tx: Transaction,
  userId: string,
  movieIds: readonly number[],
): Promise<Map<number, Sent<RatingEdit>>> {
  const held = new Map<number, Sent<RatingEdit>>()
  if (movieIds.length === 0) return held
  const rows = await userRatings(
    tx,
    userId,
    sql`${rating.movieId} in (select value::integer from jsonb_array_elements_text(${JSON.stringify(movieIds)}::jsonb))`,
  )
  for (const row of rows) {
    held.set(row.movieId, { value: toRatingEdit(row), sentAt: row.sentEditedAt })
  }
  return held
}

export async function upsertRatings(
  tx: Transaction,
  userId: string,
  seq: number,
  edits: readonly Sent<RatingEdit>[],
): Promise<void> {
  if (edits.length === 0) return
  const rows = JSON.stringify(
    edits.map(({ value, sentAt }) => ({
      movie_id: value.movieId,
      value: value.value,
      edited_at: value.editedAt,
      sent_edited_at: sentAt,
    })),
  )
  await tx.execute(sql`
    insert into rating (user_id, movie_id, value, edited_at, sent_edited_at, server_seq)
    select ${userId}, r.movie_id, r.value, r.edited_at, r.sent_edited_at, ${seq}
    from jsonb_to_recordset(${rows}::jsonb) as r(movie_id integer, value integer,
      edited_at bigint, sent_edited_at bigint)
    on conflict (user_id, movie_id) do update set value = excluded.value,
      edited_at = excluded.edited_at, sent_edited_at = excluded.sent_edited_at,
      server_seq = excluded.server_seq`)
}

type ViewingRow = typeof viewing.$inferSelect

export const toViewingEdit = (row: ViewingRow): ViewingEdit => ({
  id: row.viewingId,
  present: row.present,
  editedAt: row.editedAt,
  ...(row.present && row.viewing ? { viewing: row.viewing } : {}),
})

/** The person's viewings that meet every condition given. */
export const userViewings = (tx: Transaction, userId: string, ...conditions: (SQL | undefined)[]) =>
  tx
    .select()
    .from(viewing)
    .where(and(eq(viewing.userId, userId), ...conditions))

export async function viewingRows(
  tx: Transaction,
  userId: string,
  ids: readonly string[],
): Promise<Map<string, Sent<ViewingEdit>>> {
  const held = new Map<string, Sent<ViewingEdit>>()
  if (ids.length === 0) return held
  const rows = await userViewings(
    tx,
    userId,
    sql`${viewing.viewingId} in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
  )
  for (const row of rows) {
    held.set(row.viewingId, { value: toViewingEdit(row), sentAt: row.sentEditedAt })
  }
  return held
}

export async function upsertViewings(
  tx: Transaction,
  userId: string,
  seq: number,
  edits: readonly Sent<ViewingEdit>[],
): Promise<void> {
  if (edits.length === 0) return
  const rows = JSON.stringify(
    edits.map(({ value, sentAt }) => ({
      viewing_id: value.id,
      present: value.present,
      edited_at: value.editedAt,
      sent_edited_at: sentAt,
      viewing: value.present ? (value.viewing ?? null) : null,
    })),
  )
  await tx.execute(sql`
    insert into viewing (user_id, viewing_id, present, edited_at, sent_edited_at, viewing,
      server_seq)
    select ${userId}, r.viewing_id, r.present, r.edited_at, r.sent_edited_at, r.viewing, ${seq}
    from jsonb_to_recordset(${rows}::jsonb) as r(viewing_id text, present boolean,
      edited_at bigint, sent_edited_at bigint, viewing jsonb)
    on conflict (user_id, viewing_id) do update set present = excluded.present,
      edited_at = excluded.edited_at, sent_edited_at = excluded.sent_edited_at,
      viewing = excluded.viewing, server_seq = excluded.server_seq`)
}
