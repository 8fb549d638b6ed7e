import { and, asc, eq, gt, sql } from 'drizzle-orm'
import {
  compareEdits,
  entryKey,
  mergeSetting,
  type ListEdit,
  type SettingEdit,
} from '@/features/lists/sync/merge'
import type { Database } from '../db/database'
import { listEntry, listSync } from '../db/schema'
import { entryRows, heldSetting, toEdit, upsertEntries, type Sent } from './rows'

export interface SyncRequest {
  /** The last `seq` this device has seen; 0 at first. */
  since: number
  changes: readonly ListEdit[]
  hideSeen?: SettingEdit<boolean>
}

export interface SyncAnswer {
  /** The person's counter now: the device's `since` next time. */
  seq: number
  /** Every entry changed after `since`, removals too. */
  changes: ListEdit[]
  hideSeen: SettingEdit<boolean> | null
}

/** A device's clock ahead of the server's is taken as the server's now: it cannot win forever. */
const clamp = <T extends { editedAt: number }>(edit: T, now: number): T =>
  edit.editedAt > now ? { ...edit, editedAt: now } : edit

/** Same entry, same outcome: only the time may differ. */
const sameContent = (a: ListEdit, b: ListEdit) =>
  compareEdits({ ...a, editedAt: 0 }, { ...b, editedAt: 0 }) === 0

/** The request's edits, one per entry (the winner among its own), clamped. */
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

/**
 * Whether an edit changes what is held. A repeated request changes nothing: its edits either lose
 * or equal what is held, or, when their time was clamped, are the very edit held (as sent).
 */
const wins = (edit: Sent<ListEdit>, held: Sent<ListEdit> | undefined) =>
  !held ||
  (compareEdits(edit.value, held.value) > 0 &&
    !(edit.sentAt === held.sentAt && sameContent(edit.value, held.value)))

/** The same for the setting. */
const settingChanges = (
  edit: Sent<SettingEdit<boolean>>,
  held: Sent<SettingEdit<boolean>> | null,
) =>
  !held ||
  (mergeSetting(held.value, edit.value) === edit.value &&
    !(edit.sentAt === held.sentAt && edit.value.value === held.value.value))

/**
 * Merges a device's changes into what the server holds for the person, in one transaction, and
 * answers what changed after the device's `since`. The person's counter row is locked first, so
 * two syncs of one person (on any instance) take turns and their counter values stay in order.
 */
export function syncLists(
  db: Database,
  userId: string,
  request: SyncRequest,
  now = Date.now(),
): Promise<SyncAnswer> {
  return db.transaction(async (tx) => {
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
    const writes = [...incoming].filter(([key, edit]) => wins(edit, held.get(key)))
    const heldValue = heldSetting(counter)
    const setting = request.hideSeen && {
      value: clamp(request.hideSeen, now),
      sentAt: request.hideSeen.editedAt,
    }
    const settingWins = setting !== undefined && settingChanges(setting, heldValue)

    let seq = counter.seq
    if (writes.length > 0 || settingWins) {
      seq += 1
      await upsertEntries(
        tx,
        userId,
        seq,
        writes.map(([, edit]) => edit),
      )
      await tx
        .update(listSync)
        .set({
          seq,
          ...(settingWins
            ? {
                hideSeen: setting.value.value,
                hideSeenEditedAt: setting.value.editedAt,
                hideSeenSentAt: setting.sentAt,
              }
            : {}),
        })
        .where(eq(listSync.userId, userId))
    }

    // A device that says it saw more than there is holds another database's counter: all of it.
    const since = request.since > seq ? 0 : request.since
    const changed = await tx
      .select()
      .from(listEntry)
      .where(and(eq(listEntry.userId, userId), gt(listEntry.serverSeq, since)))
      .orderBy(asc(listEntry.serverSeq), asc(listEntry.list), asc(listEntry.movieId))
    const hideSeen = settingWins ? setting.value : (heldValue?.value ?? null)
    return { seq, changes: changed.map(toEdit), hideSeen }
  })
}
