import { inArray, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../db/database'
import { rateLimit } from '../db/schema'

export interface Count {
  hits: number
  resetsAt: Date
}

export const secondsLeft = (count: Count, now = Date.now()) =>
  Math.max(1, Math.ceil((count.resetsAt.getTime() - now) / 1000))

// Every statement locks its rows in key order: none waits on another in a cycle (a deadlock).
const lockedInOrder = (where: SQL, skipLocked?: 'skip locked') =>
  sql`(select ${rateLimit.key} from ${rateLimit} where ${where} order by ${rateLimit.key} for update${skipLocked ? sql` skip locked` : sql``})`

/** Fixed-window counters every instance shares; a hit is counted and read in one statement. */
export function createRateCounter(db: Database) {
  return {
    async hit(
      keys: readonly string[],
      windowMs: number,
      now = Date.now(),
    ): Promise<Map<string, Count>> {
      const at = new Date(now).toISOString()
      const resetsAt = new Date(now + windowMs)
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

    async clearPrefix(prefix: string): Promise<void> {
      const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      await db
        .delete(rateLimit)
        .where(inArray(rateLimit.key, lockedInOrder(sql`${rateLimit.key} like ${pattern}`)))
    },

    /** A row a request holds now is left for next time. */
    async prune(now = Date.now()): Promise<void> {
      const ended = sql`${rateLimit.resetsAt} <= ${new Date(now).toISOString()}::timestamptz`
      await db.delete(rateLimit).where(inArray(rateLimit.key, lockedInOrder(ended, 'skip locked')))
    },
  }
}

export type RateCounter = ReturnType<typeof createRateCounter>
