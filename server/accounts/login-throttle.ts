import { createHash } from 'node:crypto'
import { secondsLeft, type RateCounter } from '../limits/rate-counter'

export interface LoginLimits {
  /** Sign-ins one client may try for one e-mail in a window before the next are refused. */
  perAccount: number
  /** Sign-ins one client address may try in a window, whatever the e-mails. */
  perClient: number
  windowSeconds: number
  /**
   * How much slower each attempt past `perAccount` makes the next answer, counted per e-mail
   * from every client and per client over every e-mail: a guesser spread over many addresses is
   * slowed, never the means to lock the owner out. Capped at MAX_SLOWDOWN_MS.
   */
  slowdownStepMs?: number
}

/**
 * A person who mistypes is not locked out: five tries in 15 minutes are answered normally. A
 * client gets more room, since several people may share one address (an office, a school).
 */
export const DEFAULT_LOGIN_LIMITS = {
  perAccount: 5,
  perClient: 30,
  windowSeconds: 900,
  slowdownStepMs: 250,
} satisfies LoginLimits

/** The longest a sign-in's answer is held back: slow for a script, still an answer for a person. */
export const MAX_SLOWDOWN_MS = 2000

/** What an attempt may do, counted before the password is checked. */
export type SignInAttempt =
  | { allowed: false; retryAfter: number }
  | {
      allowed: true
      /** Milliseconds to hold the answer back before checking the password. */
      delayMs: number
      /** The password was right: the attempt is taken back, so the counts are of failures. */
      succeeded: () => Promise<void>
    }

/** The e-mail is kept hashed: the table holds no address of anyone, registered or not. */
const emailHash = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url')
const ACCOUNT = 'login-account:'
const PAIR = 'login-pair:'

/**
 * The sign-in limits. The hard limit is per e-mail and client together, so a stranger's guesses
 * refuse only the stranger; per e-mail alone there is only a slowdown. A refused attempt never
 * reaches the password check: a guess made while refused tells nothing.
 */
export function createLoginThrottle(
  counter: RateCounter,
  limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
) {
  const windowMs = limits.windowSeconds * 1000
  const step = limits.slowdownStepMs ?? DEFAULT_LOGIN_LIMITS.slowdownStepMs
  const slowdown = (tries: number) =>
    Math.min(Math.max(0, tries - 1 - limits.perAccount) * step, MAX_SLOWDOWN_MS)

  return {
    /** Counts this attempt for the e-mail from this address, the same for any e-mail typed. */
    async attempt(email: string, address: string, now = Date.now()): Promise<SignInAttempt> {
      const hash = emailHash(email)
      const account = `${ACCOUNT}${hash}`
      const client = `login-client:${address}`
      const pair = `${PAIR}${hash}:${address}`
      const counts = await counter.hit([account, client, pair], windowMs, now)
      const of = (key: string) => counts.get(key) ?? { hits: 1, resetsAt: new Date(now + windowMs) }
      const refusedBy = [
        of(pair).hits > limits.perAccount && of(pair),
        of(client).hits > limits.perClient && of(client),
      ].filter((count) => count !== false)
      if (refusedBy.length > 0) {
        // Not tried, so not counted: the counts stay those of passwords checked.
        await counter.refund([account, client, pair])
        return {
          allowed: false,
          retryAfter: Math.max(...refusedBy.map((c) => secondsLeft(c, now))),
        }
      }
      return {
        allowed: true,
        delayMs: Math.max(slowdown(of(account).hits), slowdown(of(client).hits)),
        succeeded: () => counter.refund([account, client, pair]),
      }
    },

    /** Every count kept for this e-mail (its account is gone). */
    async forget(email: string): Promise<void> {
      const hash = emailHash(email)
      await counter.clear([`${ACCOUNT}${hash}`])
      await counter.clearPrefix(`${PAIR}${hash}:`)
    },
  }
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>
