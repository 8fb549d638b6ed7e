import { inArray, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../db/database'
import { rateLimit } from '../db/schema'

export interface Count {
  hits: number
  resetsAt: Date
}

/** Seconds until `count`'s window ends, at least 1. */
export const secondsLeft = (count: Count, now = Date.now()) =>
  Math.max(1, Math.ceil((count.resetsAt.getTime() - now) / 1000))

/**
 * The keys of the rows `where` picks, locked in key order, as `hit` locks them: statements over
 * several rows then never wait on each other in a cycle (which PostgreSQL ends as a deadlock).
 */
const lockedInOrder = (where: SQL, skipLocked?: 'skip locked') =>
  sql`(select ${rateLimit.key} from ${rateLimit} where ${where} order by ${rateLimit.key} for update${skipLocked ? sql` skip locked` : sql``})`

/**
 * Counters in fixed windows, kept in the database so that every instance counts together. A hit
 * is counted and read back in one statement: requests sent at once each see a different count,
 * so none of a burst slips past a limit between a read and a write.
 */
export function createRateCounter(db: Database) {
  return {
    /** One hit more on each key (its window starts now when there is none running). */
    async hit(
      keys: readonly string[],
      windowMs: number,
      now = Date.now(),
    ): Promise<Map<string, Count>> {
      const at = new Date(now).toISOString()
      const resetsAt = new Date(now + windowMs)
      // In key order, as every statement here locks its rows.
      const sorted = [...new Set(keys)].sort()
      const rows = await db
        .insert(rateLimit)
        .values(sorted.map((key) => ({ key, hits: 1, resetsAt })))
        .onConflictDoUpdate({
          target: rateLimit.key,
          set: {
            hits: sql`case when ${rateLimit.resetsAt} <= ${at}::timestamptz then 1 else ${rateLimit.hits} + 1 end`,
            resetsAt: sql`case when ${rateLimit.resetsAt} <= ${at}::timestamptz then excluded.resets_at else ${rateLimit.resetsAt} end`,
          },
        })
        .returning()
      return new Map(rows.map((row) => [row.key, { hits: row.hits, resetsAt: row.resetsAt }]))
    },

    /** Takes back one hit from each key (an attempt that turned out not to count). */
    async refund(keys: readonly string[]): Promise<void> {
      if (keys.length === 0) return
      await db
        .update(rateLimit)
        .set({ hits: sql`greatest(${rateLimit.hits} - 1, 0)` })
        .where(inArray(rateLimit.key, lockedInOrder(inArray(rateLimit.key, [...keys]))))
    },

    async clear(keys: readonly string[]): Promise<void> {
      if (keys.length === 0) return
      await db
        .delete(rateLimit)
        .where(inArray(rateLimit.key, lockedInOrder(inArray(rateLimit.key, [...keys]))))
    },

    /** Every key that starts with `prefix` (LIKE's wildcards in it are taken literally). */
    async clearPrefix(prefix: string): Promise<void> {
      const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      await db
        .delete(rateLimit)
        .where(inArray(rateLimit.key, lockedInOrder(sql`${rateLimit.key} like ${pattern}`)))
    },

    /** Ended windows say nothing any more; a row a request holds now is left for next time. */
    async prune(now = Date.now()): Promise<void> {
      const ended = sql`${rateLimit.resetsAt} <= ${new Date(now).toISOString()}::timestamptz`
      await db.delete(rateLimit).where(inArray(rateLimit.key, lockedInOrder(ended, 'skip locked')))
    },
  }
}

export type RateCounter = ReturnType<typeof createRateCounter>
