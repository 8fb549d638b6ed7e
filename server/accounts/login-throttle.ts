import { createHash } from 'node:crypto'
import { eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../db/database'
import { loginThrottle } from '../db/schema'

export interface LoginLimits {
  /** Failed sign-ins one account may have in a window before the next are refused. */
  perAccount: number
  /** Failed sign-ins one client address may have in a window (several accounts tried). */
  perClient: number
  windowSeconds: number
  /**
   * How much slower each failure from one client address makes its next answer once it has
   * failed more than `perAccount` times (the most one person mistyping needs): a guesser is
   * slowed before being refused. Capped at MAX_SLOWDOWN_MS.
   */
  slowdownStepMs?: number
}

/**
 * A person who mistypes is not locked out: five failures in 15 minutes are answered normally.
 * A client gets more room, since several people may share one address (an office, a school).
 */
export const DEFAULT_LOGIN_LIMITS = {
  perAccount: 5,
  perClient: 30,
  windowSeconds: 900,
  slowdownStepMs: 250,
} satisfies LoginLimits

/** The longest a sign-in's answer is held back: slow for a script, still an answer for a person. */
export const MAX_SLOWDOWN_MS = 2000

/** Whether a sign-in may be tried now, and if so how long its answer is held back first. */
export interface SignInAllowance {
  /** Seconds until a sign-in is allowed again for this e-mail from this address; 0 when it is. */
  retryAfter: number
  /** Milliseconds to wait before checking the password; 0 for the first failures. */
  delayMs: number
}

/**
 * The e-mail is kept hashed: the table then holds no address of anyone, registered or not.
 * Lower-cased, as the accounts compare them.
 */
const accountKey = (email: string) =>
  `account:${createHash('sha256').update(email.trim().toLowerCase()).digest('base64url')}`
const clientKey = (address: string) => `client:${address}`

/**
 * Counts failed sign-ins per account and per client address in the database, so every
 * instance sees the same counts. A refused attempt never reaches the password check: a guess
 * made while refused tells nothing.
 */
export function createLoginThrottle(db: Database, limits: LoginLimits = DEFAULT_LOGIN_LIMITS) {
  const windowMs = limits.windowSeconds * 1000
  const slowdownStepMs = limits.slowdownStepMs ?? DEFAULT_LOGIN_LIMITS.slowdownStepMs
  const limitOf = (key: string) =>
    key.startsWith('account:') ? limits.perAccount : limits.perClient

  return {
    /**
     * Whether this e-mail may be tried from this address now. The same for a registered e-mail
     * and any other: the counts are kept per e-mail typed, not per account.
     */
    async allowance(email: string, address: string, now = Date.now()): Promise<SignInAllowance> {
      const rows = await db
        .select()
        .from(loginThrottle)
        .where(inArray(loginThrottle.key, [accountKey(email), clientKey(address)]))
      let retryAfter = 0
      let delayMs = 0
      for (const row of rows) {
        const endsAt = row.windowStartedAt.getTime() + windowMs
        if (endsAt <= now) continue
        if (row.failures >= limitOf(row.key)) {
          retryAfter = Math.max(retryAfter, Math.ceil((endsAt - now) / 1000))
        } else if (row.key.startsWith('client:') && row.failures > limits.perAccount) {
          delayMs = Math.min((row.failures - limits.perAccount) * slowdownStepMs, MAX_SLOWDOWN_MS)
        }
      }
      return { retryAfter, delayMs: retryAfter > 0 ? 0 : delayMs }
    },

    /** One more failure for both keys, in one statement each: instances may count at once. */
    async recordFailure(email: string, address: string, now = Date.now()): Promise<void> {
      const at = new Date(now)
      const windowStart = new Date(now - windowMs)
      for (const key of [accountKey(email), clientKey(address)]) {
        await db
          .insert(loginThrottle)
          .values({ key, failures: 1, windowStartedAt: at })
          .onConflictDoUpdate({
            target: loginThrottle.key,
            set: {
              failures: sql`CASE WHEN ${loginThrottle.windowStartedAt} <= ${windowStart} THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
              windowStartedAt: sql`CASE WHEN ${loginThrottle.windowStartedAt} <= ${windowStart} THEN ${at} ELSE ${loginThrottle.windowStartedAt} END`,
            },
          })
      }
    },

    /** A success clears the account's count (not the address's: it may be trying many). */
    async recordSuccess(email: string): Promise<void> {
      await db.delete(loginThrottle).where(eq(loginThrottle.key, accountKey(email)))
    },

    /** Counts older than a window say nothing any more. */
    async prune(now = Date.now()): Promise<void> {
      await db
        .delete(loginThrottle)
        .where(sql`${loginThrottle.windowStartedAt} <= ${new Date(now - windowMs)}`)
    },
  }
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>
