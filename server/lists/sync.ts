import { and, asc, count, eq, gt, lte, sql } from 'drizzle-orm'
import {
  compareEdits,
  entryKey,
  mergeSetting,
  type ListEdit,
  type SettingEdit,
  type WatchService,
} from '@/shared/lists/merge'
import type { Database } from '../db/database'
import { listEntry, listSync } from '../db/schema'
import {
  entryRows,
  heldSetting,
  settingColumns,
  toEdit,
  upsertEntries,
  userEntries,
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
}

export interface SyncResponse {
  seq: number
  changes: ListEdit[]
  hideSeen: SettingEdit<boolean> | null
  services: SettingEdit<WatchService[]> | null
  more?: true
  refused?: { list: ListEdit['list']; movieId: number }[]
}

/** Tombstones included. */
export const MAX_ENTRIES_PER_ACCOUNT = 30_000
/** About 2 MB; more when one sync wrote more: a device sees one sync's edits all together. */
export const RESPONSE_PAGE = 5000

// A device's clock ahead of the server's is taken as the server's now: it cannot win forever.
const clamp = <T extends { editedAt: number }>(edit: T, now: number): T =>
  edit.editedAt > now ? { ...edit, editedAt: now } : edit

const sameContent = (a: ListEdit, b: ListEdit) =>
  compareEdits({ ...a, editedAt: 0 }, { ...b, editedAt: 0 }) === 0

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

// A repeated request changes nothing: its edits lose, equal what is held, or are it (as sent).
const wins = (edit: Sent<ListEdit>, held: Sent<ListEdit> | undefined) =>
  !held ||
  (compareEdits(edit.value, held.value) > 0 &&
    !(edit.sentAt === held.sentAt && sameContent(edit.value, held.value)))

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

/** The last counter value a response from `since` holds; nothing when every change fits. */
async function pageEnd(tx: Transaction, userId: string, since: number) {
  const seqAt = async (offset: number) => {
    const [row] = await tx
      .select({ seq: listEntry.serverSeq })
      .from(listEntry)
      .where(and(eq(listEntry.userId, userId), gt(listEntry.serverSeq, since)))
      .orderBy(asc(listEntry.serverSeq))
      .limit(1)
      .offset(offset)
    return row?.seq
  }
  const first = await seqAt(RESPONSE_PAGE)
  if (first === undefined) return undefined
  // The entries before that one end on a whole sync, unless one sync alone wrote more.
  const end = first > ((await seqAt(0)) ?? first) ? first - 1 : first
  const [later] = await tx
    .select({ seq: listEntry.serverSeq })
    .from(listEntry)
    .where(and(eq(listEntry.userId, userId), gt(listEntry.serverSeq, end)))
    .limit(1)
  return later ? end : undefined
}

/** Merges a device's changes and returns what changed after its `since`, in one transaction. */
export function syncLists(
  db: Database,
  userId: string,
  request: SyncRequest,
  now = Date.now(),
): Promise<SyncResponse> {
  return db.transaction(async (tx) => {
    // The upsert locks the counter row: one person's syncs, on any instance, take turns.
    const [counter] = await tx
      .insert(listSync)
      .values({ userId })
      .onConflictDoUpdate({ target: listSync.userId, set: { seq: sql`${listSync.seq}` } })
      .returning()
    if (!counter) throw new Error('no sync counter')

    const incoming = incomingEdits(request.changes, now)
    const held = await entryRows(
      tx,
      userId,
      [...incoming.values()].map(({ value }) => [value.list, value.movieId] as const),
    )
    const winning = [...incoming].filter(([key, edit]) => wins(edit, held.get(key)))
    const adding = winning.filter(([key]) => !held.has(key))
    let writes = winning
    let refused: SyncResponse['refused']
    if (adding.length > 0) {
      const [stored] = await tx
        .select({ entries: count() })
        .from(listEntry)
        .where(eq(listEntry.userId, userId))
      const room = Math.max(0, MAX_ENTRIES_PER_ACCOUNT - (stored?.entries ?? 0))
      if (adding.length > room) {
        const left = new Set(adding.slice(room).map(([key]) => key))
        writes = winning.filter(([key]) => !left.has(key))
        refused = adding
          .slice(room)
          .map(([, edit]) => ({ list: edit.value.list, movieId: edit.value.movieId }))
      }
    }
    const hideSeen = mergedSetting(counter, 'hideSeen', request.hideSeen, now)
    const services = mergedSetting(counter, 'services', request.services, now)
    const settingWrites = { ...hideSeen.columns, ...services.columns }

    let seq = counter.seq
    if (writes.length > 0 || Object.keys(settingWrites).length > 0) {
      seq += 1
      await upsertEntries(
        tx,
        userId,
        seq,
        writes.map(([, edit]) => edit),
      )
      await tx
        .update(listSync)
        .set({ ...settingWrites, seq })
        .where(eq(listSync.userId, userId))
    }

    // A device that says it saw more than there is holds another database's counter: all of it.
    const since = request.since > seq ? 0 : request.since
    const upTo = await pageEnd(tx, userId, since)
    const changed = await userEntries(
      tx,
      userId,
      gt(listEntry.serverSeq, since),
      upTo === undefined ? undefined : lte(listEntry.serverSeq, upTo),
    ).orderBy(asc(listEntry.serverSeq), asc(listEntry.list), asc(listEntry.movieId))
    return {
      seq: upTo ?? seq,
      changes: changed.map(toEdit),
      hideSeen: hideSeen.value,
      services: services.value,
      ...(upTo === undefined ? {} : { more: true as const }),
      ...(refused ? { refused } : {}),
    }
  })
}
