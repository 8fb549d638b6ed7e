import { and, asc, count, eq, gt, inArray, lte, sql } from 'drizzle-orm'
import {
  compareRatingEdits,
  compareViewingEdits,
  type RatingEdit,
  type ViewingEdit,
} from '@/shared/film-log/records'
import {
  compareEdits,
  entryKey,
  mergeSetting,
  type EntryListKey,
  type ListEdit,
  type SettingEdit,
  type WatchService,
} from '@/shared/lists/merge'
import {
  compareMetaEdits,
  isNamedListKey,
  MAX_NAMED_LIST_ENTRIES,
  MAX_NAMED_LISTS,
  namedListId,
  namedListKey,
  type ListMetaEdit,
} from '@/shared/lists/named'
import type { Database } from '../db/database'
import { listEntry, listShare, listSync, namedList, rating, viewing } from '../db/schema'
import {
  entryRows,
  heldSetting,
  metaRows,
  ratingRows,
  settingColumns,
  toEdit,
  toMetaEdit,
  toRatingEdit,
  toViewingEdit,
  upsertEntries,
  upsertMetas,
  upsertRatings,
  upsertViewings,
  userEntries,
  userLists,
  userRatings,
  userViewings,
  viewingRows,
  type Sent,
  type SettingName,
  type Settings,
  type Transaction,
} from './rows'

export interface SyncRequest {
  since: number
  changes: readonly ListEdit[]
  hideSeen?: SettingEdit<boolean>
  /** Sorted by id, without repeats. */
  services?: SettingEdit<WatchService[]>
  /** The person's own lists' edits; a present one has its meta. */
  lists?: readonly ListMetaEdit[]
  ratings?: readonly RatingEdit[]
  /** A present one has its viewing, checked. */
  viewings?: readonly ViewingEdit[]
  /** Where the ratings and viewings start from, when not at `since`. */
  logSince?: number
}

/** Why some of a request's edits were not saved, the first that applies. */
export type SyncRefusal = 'account' | 'lists' | 'list' | 'diary'

export interface SyncResponse {
  seq: number
  changes: ListEdit[]
  hideSeen: SettingEdit<boolean> | null
  services: SettingEdit<WatchService[]> | null
  lists: ListMetaEdit[]
  ratings: RatingEdit[]
  viewings: ViewingEdit[]
  more?: true
  refused?: { list: ListEdit['list']; movieId: number }[]
  refusedLists?: string[]
  refusedViewings?: string[]
}

export interface SyncOptions {
  now?: number
  /** Run in the request's transaction once it wrote, with the counter's new value. */
  onWrite?: (tx: Transaction, seq: number) => Promise<void>
}

/** Tombstones included. */
export const MAX_ENTRIES_PER_ACCOUNT = 100_000
/** Tombstones included. */
export const MAX_VIEWINGS_PER_ACCOUNT = 100_000
/** About 2 MB; more when one sync wrote more: a device sees one sync's edits all together. */
export const RESPONSE_PAGE = 5000

// A device's clock ahead of the server's is taken as the server's now: it cannot win forever.
const clamp = <T extends { editedAt: number }>(edit: T, now: number): T =>
  edit.editedAt > now ? { ...edit, editedAt: now } : edit

function incomingEdits(changes: readonly ListEdit[], now: number): Map<string, Sent<ListEdit>> {
  const incoming = new Map<string, Sent<ListEdit>>()
  for (const change of changes) {
    const edit = clamp(change, now)
    const key = entryKey(edit.list, edit.movieId)
    const held = incoming.get(key)
    if (!held || compareEdits(edit, held.value) > 0) {
      incoming.set(key, { value: edit, sentAt: change.editedAt })
    }
  }
  return incoming
}

function incomingMetas(lists: readonly ListMetaEdit[], now: number) {
  const incoming = new Map<string, Sent<ListMetaEdit>>()
  for (const list of lists) {
    const edit = clamp(list, now)
    const held = incoming.get(edit.id)
    if (!held || compareMetaEdits(edit, held.value) > 0) {
      incoming.set(edit.id, { value: edit, sentAt: list.editedAt })
    }
  }
  return incoming
}

/** Per key, the request's winning edit, clamped, with its time as sent. */
function incomingBy<T extends { editedAt: number }, K>(
  edits: readonly T[],
  keyOf: (edit: T) => K,
  compare: (a: T, b: T) => number,
  now: number,
) {
  const incoming = new Map<K, Sent<T>>()
  for (const sent of edits) {
    const edit = clamp(sent, now)
    const held = incoming.get(keyOf(edit))
    if (!held || compare(edit, held.value) > 0) {
      incoming.set(keyOf(edit), { value: edit, sentAt: sent.editedAt })
    }
  }
  return incoming
}

// A repeated request changes nothing: its edits lose, equal what is held, or are it (as sent).
const winsBy =
  <T extends { editedAt: number }>(compare: (a: T, b: T) => number) =>
  (edit: Sent<T>, held: Sent<T> | undefined) =>
    !held ||
    (compare(edit.value, held.value) > 0 &&
      !(
        edit.sentAt === held.sentAt &&
        compare({ ...edit.value, editedAt: 0 }, { ...held.value, editedAt: 0 }) === 0
      ))
const wins = winsBy(compareEdits)
const metaWins = winsBy(compareMetaEdits)
const ratingWins = winsBy(compareRatingEdits)
const viewingWins = winsBy(compareViewingEdits)

/**
 * Of edits that each add one to a count, those past what `room` leaves, in the request's order.
 * `room` is told the group of each and answers how many that group may still take.
 */
function overflow<T>(
  adding: readonly T[],
  groupOf: (item: T) => string,
  room: (group: string) => number,
) {
  const taken = new Map<string, number>()
  return adding.filter((item) => {
    const group = groupOf(item)
    const used = taken.get(group) ?? 0
    taken.set(group, used + 1)
    return used >= room(group)
  })
}

/** Present entries held per named list, for the lists given. */
async function presentCounts(tx: Transaction, userId: string, lists: readonly string[]) {
  const counts = new Map<string, number>()
  if (lists.length === 0) return counts
  const rows = await tx
    .select({ list: listEntry.list, entries: count() })
    .from(listEntry)
    .where(
      and(
        eq(listEntry.userId, userId),
        eq(listEntry.present, true),
        inArray(listEntry.list, [...lists]),
      ),
    )
    .groupBy(listEntry.list)
  for (const row of rows) counts.set(row.list, row.entries)
  return counts
}

const settingChanges = <T>(edit: Sent<SettingEdit<T>>, held: Sent<SettingEdit<T>> | null) =>
  !held ||
  (mergeSetting(held.value, edit.value) === edit.value &&
    !(
      edit.sentAt === held.sentAt &&
      JSON.stringify(edit.value.value) === JSON.stringify(held.value.value)
    ))

/** A setting as it stands after the request, and its columns to write when the request's wins. */
function mergedSetting<K extends SettingName>(
  row: typeof listSync.$inferSelect,
  name: K,
  sent: SettingEdit<Settings[K]> | undefined,
  now: number,
) {
  const held = heldSetting(row, name)
  const edit = sent && { value: clamp(sent, now), sentAt: sent.editedAt }
  return edit && settingChanges(edit, held)
    ? { value: edit.value, columns: settingColumns(name, edit) }
    : { value: held?.value ?? null }
}

/**
 * The seqs of the entries changed after `since` and of the ratings and viewings changed after
 * `logSince`: what a page counts.
 */
const changedSeqs = (tx: Transaction, userId: string, since: number, logSince: number) =>
  tx
    .select({ seq: listEntry.serverSeq })
    .from(listEntry)
    .where(and(eq(listEntry.userId, userId), gt(listEntry.serverSeq, since)))
    .unionAll(
      tx
        .select({ seq: rating.serverSeq })
        .from(rating)
        .where(and(eq(rating.userId, userId), gt(rating.serverSeq, logSince))),
    )
    .unionAll(
      tx
        .select({ seq: viewing.serverSeq })
        .from(viewing)
        .where(and(eq(viewing.userId, userId), gt(viewing.serverSeq, logSince))),
    )

/** The last counter value a response from `since` holds; nothing when every change fits. */
async function pageEnd(tx: Transaction, userId: string, since: number, logSince: number) {
  const seqAt = async (offset: number) => {
    // A union is ordered by its column's name, `server_seq` in each table.
    const [row] = await changedSeqs(tx, userId, since, logSince)
      .orderBy(listEntry.serverSeq)
      .limit(1)
      .offset(offset)
    return row?.seq
  }
  const first = await seqAt(RESPONSE_PAGE)
  if (first === undefined) return undefined
  // The changes before that one end on a whole sync, unless one sync alone wrote more.
  const end = first > ((await seqAt(0)) ?? first) ? first - 1 : first
  const [later] = await changedSeqs(
    tx,
    userId,
    Math.max(since, end),
    Math.max(logSince, end),
  ).limit(1)
  return later ? end : undefined
}

/** Merges a device's changes and returns what changed after its `since`, in one transaction. */
export function syncLists(
  db: Database,
  userId: string,
  request: SyncRequest,
  { now = Date.now(), onWrite }: SyncOptions = {},
): Promise<SyncResponse & { refusedBy?: SyncRefusal }> {
  return db.transaction(async (tx) => {
    // The upsert locks the counter row: one person's syncs, on any instance, take turns.
    const [counter] = await tx
      .insert(listSync)
      .values({ userId })
      .onConflictDoUpdate({ target: listSync.userId, set: { seq: sql`${listSync.seq}` } })
      .returning()
    if (!counter) throw new Error('no sync counter')

    const metas = await mergedMetas(tx, userId, request.lists ?? [], now)
    const entries = await mergedEntries(tx, userId, request.changes, metas.refused, now)
    const hideSeen = mergedSetting(counter, 'hideSeen', request.hideSeen, now)
    const services = mergedSetting(counter, 'services', request.services, now)
    const settingWrites = { ...hideSeen.columns, ...services.columns }
    const ratings = await mergedRatings(tx, userId, request.ratings ?? [], now)
    const viewings = await mergedViewings(tx, userId, request.viewings ?? [], now)

    let seq = counter.seq
    if (
      entries.writes.length > 0 ||
      metas.writes.length > 0 ||
      Object.keys(settingWrites).length > 0 ||
      ratings.length > 0 ||
      viewings.writes.length > 0
    ) {
      seq += 1
      await upsertEntries(tx, userId, seq, entries.writes)
      await upsertMetas(tx, userId, seq, metas.writes)
      await upsertRatings(tx, userId, seq, ratings)
      await upsertViewings(tx, userId, seq, viewings.writes)
      const deleted = metas.writes.filter(({ value }) => !value.present)
      if (deleted.length > 0) {
        // A deleted list's link ends with it; a list brought back is shared anew.
        await tx.delete(listShare).where(
          and(
            eq(listShare.userId, userId),
            inArray(
              listShare.list,
              deleted.map(({ value }) => namedListKey(value.id)),
            ),
          ),
        )
      }
      await tx
        .update(listSync)
        .set({ ...settingWrites, seq })
        .where(eq(listSync.userId, userId))
      await onWrite?.(tx, seq)
    }

    // A device that says it saw more than there is holds another database's counter: all of it.
    const since = request.since > seq ? 0 : request.since
    const logSince =
      request.logSince === undefined ? since : request.logSince > seq ? 0 : request.logSince
    const upTo = await pageEnd(tx, userId, since, logSince)
    const changed = await userEntries(
      tx,
      userId,
      gt(listEntry.serverSeq, since),
      upTo === undefined ? undefined : lte(listEntry.serverSeq, upTo),
    ).orderBy(asc(listEntry.serverSeq), asc(listEntry.list), asc(listEntry.movieId))
    const lists = await userLists(
      tx,
      userId,
      gt(namedList.serverSeq, since),
      lte(namedList.serverSeq, upTo ?? seq),
    ).orderBy(asc(namedList.serverSeq), asc(namedList.listId))
    const changedRatings = await userRatings(
      tx,
      userId,
      gt(rating.serverSeq, logSince),
      lte(rating.serverSeq, upTo ?? seq),
    ).orderBy(asc(rating.serverSeq), asc(rating.movieId))
    const changedViewings = await userViewings(
      tx,
      userId,
      gt(viewing.serverSeq, logSince),
      lte(viewing.serverSeq, upTo ?? seq),
    ).orderBy(asc(viewing.serverSeq), asc(viewing.viewingId))
    const refused = [...entries.refused, ...metas.refusedEntries(request.changes)]
    const refusedBy: SyncRefusal | undefined = entries.refusedBy.account
      ? 'account'
      : metas.refused.size > 0
        ? 'lists'
        : entries.refusedBy.list
          ? 'list'
          : viewings.refused.length > 0
            ? 'diary'
            : undefined
    return {
      seq: upTo ?? seq,
      changes: changed.map(toEdit),
      hideSeen: hideSeen.value,
      services: services.value,
      lists: lists.map(toMetaEdit),
      ratings: changedRatings.map(toRatingEdit),
      viewings: changedViewings.map(toViewingEdit),
      ...(upTo === undefined ? {} : { more: true as const }),
      ...(refused.length > 0 ? { refused } : {}),
      ...(metas.refused.size > 0 ? { refusedLists: [...metas.refused] } : {}),
      ...(viewings.refused.length > 0 ? { refusedViewings: viewings.refused } : {}),
      ...(refusedBy ? { refusedBy } : {}),
    }
  })
}

const inRefusedList = (list: EntryListKey, refused: ReadonlySet<string>) =>
  isNamedListKey(list) && refused.has(namedListId(list))

/** The request's list edits that win, but for new lists past the most an account keeps. */
async function mergedMetas(
  tx: Transaction,
  userId: string,
  lists: readonly ListMetaEdit[],
  now: number,
) {
  const incoming = incomingMetas(lists, now)
  const held = await metaRows(tx, userId, [...incoming.keys()])
  const winning = [...incoming.values()].filter((edit) => metaWins(edit, held.get(edit.value.id)))
  const wasPresent = (id: string) => held.get(id)?.value.present === true
  const adding = winning.filter(({ value }) => value.present && !wasPresent(value.id))
  let refused = new Set<string>()
  if (adding.length > 0) {
    const [stored] = await tx
      .select({ lists: count() })
      .from(namedList)
      .where(and(eq(namedList.userId, userId), eq(namedList.present, true)))
    const removing = winning.filter(({ value }) => !value.present && wasPresent(value.id)).length
    const room = MAX_NAMED_LISTS - (stored?.lists ?? 0) + removing
    refused = new Set(adding.slice(Math.max(0, room)).map(({ value }) => value.id))
  }
  return {
    writes: winning.filter(({ value }) => !refused.has(value.id)),
    refused,
    /** The entries sent for a list refused: kept back with it. */
    refusedEntries: (changes: readonly ListEdit[]) => {
      const kept = new Map<string, { list: EntryListKey; movieId: number }>()
      for (const { list, movieId } of changes) {
        if (inRefusedList(list, refused)) kept.set(entryKey(list, movieId), { list, movieId })
      }
      return [...kept.values()]
    },
  }
}

/** The request's entry edits that win, but for those past a list's or the account's room. */
async function mergedEntries(
  tx: Transaction,
  userId: string,
  changes: readonly ListEdit[],
  refusedLists: ReadonlySet<string>,
  now: number,
) {
  const incoming = new Map(
    [...incomingEdits(changes, now)].filter(
      ([, { value }]) => !inRefusedList(value.list, refusedLists),
    ),
  )
  const held = await entryRows(
    tx,
    userId,
    [...incoming.values()].map(({ value }) => [value.list, value.movieId] as const),
  )
  let winning = [...incoming].filter(([key, edit]) => wins(edit, held.get(key)))
  const refused: { list: EntryListKey; movieId: number }[] = []
  const refusedBy = { account: false, list: false }
  const refuse = (left: ReadonlySet<string>) => {
    for (const [key, edit] of winning) {
      if (left.has(key)) refused.push({ list: edit.value.list, movieId: edit.value.movieId })
    }
    winning = winning.filter(([key]) => !left.has(key))
  }

  const wasPresent = (key: string) => held.get(key)?.value.present === true
  const named = winning.filter(([, { value }]) => isNamedListKey(value.list))
  const filling = named.filter(([key, { value }]) => value.present && !wasPresent(key))
  if (filling.length > 0) {
    const counts = await presentCounts(tx, userId, [
      ...new Set(filling.map(([, { value }]) => value.list)),
    ])
    const emptying = new Map<string, number>()
    for (const [key, { value }] of named) {
      if (!value.present && wasPresent(key)) {
        emptying.set(value.list, (emptying.get(value.list) ?? 0) + 1)
      }
    }
    const left = overflow(
      filling,
      ([, { value }]) => value.list,
      (list) => MAX_NAMED_LIST_ENTRIES - (counts.get(list) ?? 0) + (emptying.get(list) ?? 0),
    )
    if (left.length > 0) {
      refusedBy.list = true
      refuse(new Set(left.map(([key]) => key)))
    }
  }

  const adding = winning.filter(([key]) => !held.has(key))
  if (adding.length > 0) {
    const [stored] = await tx
      .select({ entries: count() })
      .from(listEntry)
      .where(eq(listEntry.userId, userId))
    const room = Math.max(0, MAX_ENTRIES_PER_ACCOUNT - (stored?.entries ?? 0))
    if (adding.length > room) {
      refusedBy.account = true
      refuse(new Set(adding.slice(room).map(([key]) => key)))
    }
  }
  return { writes: winning.map(([, edit]) => edit), refused, refusedBy }
}

/** The request's ratings that win. */
async function mergedRatings(
  tx: Transaction,
  userId: string,
  ratings: readonly RatingEdit[],
  now: number,
) {
  const incoming = incomingBy(ratings, (edit) => edit.movieId, compareRatingEdits, now)
  const held = await ratingRows(tx, userId, [...incoming.keys()])
  return [...incoming.values()].filter((edit) => ratingWins(edit, held.get(edit.value.movieId)))
}

/** The request's viewing edits that win, but for new ones past the most an account keeps. */
async function mergedViewings(
  tx: Transaction,
  userId: string,
  viewings: readonly ViewingEdit[],
  now: number,
) {
  const incoming = incomingBy(viewings, (edit) => edit.id, compareViewingEdits, now)
  const held = await viewingRows(tx, userId, [...incoming.keys()])
  const winning = [...incoming.values()].filter((edit) =>
    viewingWins(edit, held.get(edit.value.id)),
  )
  const adding = winning.filter(({ value }) => !held.has(value.id))
  let refused: string[] = []
  if (adding.length > 0) {
    const [stored] = await tx
      .select({ viewings: count() })
      .from(viewing)
      .where(eq(viewing.userId, userId))
    const room = Math.max(0, MAX_VIEWINGS_PER_ACCOUNT - (stored?.viewings ?? 0))
    refused = adding.slice(room).map(({ value }) => value.id)
  }
  const left = new Set(refused)
  return { writes: winning.filter(({ value }) => !left.has(value.id)), refused }
}
