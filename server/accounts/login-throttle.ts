import { createHash } from 'node:crypto'
import { secondsLeft, type RateCounter } from '../limits/rate-counter'

/** The sign-in limits of docs/api.md; a client has more room, as people share addresses. */
export interface LoginLimits {
  perAccount: number
  perClient: number
  windowSeconds: number
  slowdownStepMs?: number
}

export const DEFAULT_LOGIN_LIMITS = {
  perAccount: 5,
  perClient: 30,
  windowSeconds: 900,
  slowdownStepMs: 250,
} satisfies LoginLimits

/** Slow for a script, still a response for a person. */
export const MAX_SLOWDOWN_MS = 2000

export type SignInAttempt =
  | { allowed: false; retryAfter: number }
  | {
      allowed: true
      delayMs: number
      /** The password was right: taken back, so that the counts are of failures. */
      succeeded: () => Promise<void>
    }

// Hashed: the table holds no one's address, registered or not.
const emailHash = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url')
const ACCOUNT = 'login-account:'
const PAIR = 'login-pair:'

/** Refuses per e-mail and client together, so a stranger's guesses refuse only the stranger. */
export function createLoginThrottle(
  counter: RateCounter,
  limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
) {
  const windowMs = limits.windowSeconds * 1000
  const step = limits.slowdownStepMs ?? DEFAULT_LOGIN_LIMITS.slowdownStepMs
  const slowdown = (tries: number) =>
    Math.min(Math.max(0, tries - 1 - limits.perAccount) * step, MAX_SLOWDOWN_MS)

  return {
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
        // Never checked, so not counted: a guess made while refused tells nothing.
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

    async forget(email: string): Promise<void> {
      const hash = emailHash(email)
      await counter.clear([`${ACCOUNT}${hash}`])
      await counter.clearPrefix(`${PAIR}${hash}:`)
    },
  }
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>
