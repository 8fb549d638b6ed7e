import { randomBytes } from 'node:crypto'
import { and, asc, count, eq, max, sql } from 'drizzle-orm'
import { SYNC_LISTS, type EntryListKey, type SyncListName } from '@/shared/lists/merge'
import { isNamedListKey, namedListId } from '@/shared/lists/named'
import type { Database } from '../db/database'
import { listEntry, listShare, namedList, user } from '../db/schema'

export const SHARE_TOKEN_PATTERN = '^[A-Za-z0-9_-]{43}$'
const shareToken = new RegExp(SHARE_TOKEN_PATTERN)
export const MAX_SHARED_PAGE = 200
export const SHARED_PAGE = 100

export const isListKey = (value: string): value is EntryListKey =>
  (SYNC_LISTS as readonly string[]).includes(value) || isNamedListKey(value)

const FIXED_NAMES: Record<SyncListName, string> = {
  favorites: 'Favorites',
  watchlist: 'Watchlist',
  seen: 'Seen',
}

export interface Share {
  list: EntryListKey
  token: string
  indexable: boolean
  createdAt: string
}

export interface SharedMovie {
  id: number
  title: string
  poster_path: string | null
  release_date: string | null
  vote_average: number | null
  added_at: string | null
  position?: string | null
}

/** GET /api/shared/:token's answer: the list as its owner keeps it, and one page of its films. */
export interface SharedList {
  list: {
    kind: SyncListName | 'named'
    name: string
    description: string
    ranked: boolean
    owner: string
    total: number
    indexable: boolean
    updatedAt: string | null
  }
  movies: SharedMovie[]
  offset: number
  limit: number
}

const toShare = (row: typeof listShare.$inferSelect): Share => ({
  list: row.list as EntryListKey,
  token: row.token,
  indexable: row.indexable,
  createdAt: row.createdAt.toISOString(),
})

export async function userShares(db: Database, userId: string): Promise<Share[]> {
  const rows = await db
    .select()
    .from(listShare)
    .where(eq(listShare.userId, userId))
    .orderBy(asc(listShare.createdAt), asc(listShare.list))
  return rows.map(toShare)
}

const heldList = async (db: Database, userId: string, list: EntryListKey) => {
  if (!isNamedListKey(list)) return true
  const [row] = await db
    .select({ present: namedList.present })
    .from(namedList)
    .where(and(eq(namedList.userId, userId), eq(namedList.listId, namedListId(list))))
  return row?.present === true
}

/** The list's share, made when it had none; nothing for a named list the account does not hold. */
export async function putShare(
  db: Database,
  userId: string,
  list: EntryListKey,
  indexable: boolean | undefined,
): Promise<Share | null> {
  return db.transaction(async (tx) => {
    if (!(await heldList(tx, userId, list))) return null
    const [row] = await tx
      .insert(listShare)
      .values({
        token: randomBytes(32).toString('base64url'),
        userId,
        list,
        indexable: indexable ?? false,
      })
      .onConflictDoUpdate({
        target: [listShare.userId, listShare.list],
        set: { indexable: indexable ?? sql`${listShare.indexable}` },
      })
      .returning()
    return row ? toShare(row) : null
  })
}

export async function deleteShare(db: Database, userId: string, list: EntryListKey) {
  await db.delete(listShare).where(and(eq(listShare.userId, userId), eq(listShare.list, list)))
}

const iso = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? null : new Date(ms).toISOString()

/** A shared list by its token, read from the database each time; nothing when there is none. */
export async function readShared(
  db: Database,
  token: string,
  offset: number,
  limit: number,
): Promise<SharedList | null> {
  if (!shareToken.test(token)) return null
  const [share] = await db
    .select({
      userId: listShare.userId,
      list: listShare.list,
      indexable: listShare.indexable,
      owner: user.name,
    })
    .from(listShare)
    .innerJoin(user, eq(user.id, listShare.userId))
    .where(eq(listShare.token, token))
  if (!share || !isListKey(share.list)) return null
  const { userId, list } = share
  let about: {
    kind: SharedList['list']['kind']
    name: string
    description: string
    ranked: boolean
    editedAt: number | null
  }
  if (isNamedListKey(list)) {
    const [meta] = await db
      .select()
      .from(namedList)
      .where(and(eq(namedList.userId, userId), eq(namedList.listId, namedListId(list))))
    if (!meta?.present) return null
    about = {
      kind: 'named',
      name: meta.name ?? '',
      description: meta.description ?? '',
      ranked: meta.ranked ?? false,
      editedAt: meta.editedAt,
    }
  } else {
    about = { kind: list, name: FIXED_NAMES[list], description: '', ranked: false, editedAt: null }
  }
  const ofList = and(eq(listEntry.userId, userId), eq(listEntry.list, list))
  const [totals] = await db
    .select({
      total: count(sql`case when ${listEntry.present} then 1 end`),
      editedAt: max(listEntry.editedAt),
    })
    .from(listEntry)
    .where(ofList)
  const rows = await db
    .select()
    .from(listEntry)
    .where(and(ofList, eq(listEntry.present, true)))
    // Byte order, as comparePositions compares: a database's collation may fold case.
    .orderBy(
      ...(about.kind === 'named'
        ? [sql`${listEntry.position} collate "C" asc nulls first`, asc(listEntry.movieId)]
        : [sql`${listEntry.addedAt} collate "C" desc nulls last`, asc(listEntry.movieId)]),
    )
    .offset(offset)
    .limit(limit)
  const editedAt = Math.max(about.editedAt ?? 0, totals?.editedAt ?? 0)
  return {
    list: {
      kind: about.kind,
      name: about.name,
      description: about.description,
      ranked: about.ranked,
      owner: share.owner,
      total: totals?.total ?? 0,
      indexable: share.indexable,
      updatedAt: editedAt > 0 ? iso(editedAt) : null,
    },
    movies: rows.map((row) => ({
      id: row.movieId,
      title: row.title ?? '',
      poster_path: row.posterPath,
      release_date: row.releaseDate,
      vote_average: row.voteAverage,
      added_at: row.addedAt,
      ...(about.kind === 'named' ? { position: row.position } : {}),
    })),
    offset,
    limit,
  }
}
