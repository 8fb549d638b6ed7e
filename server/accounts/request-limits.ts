import { secondsLeft, type RateCounter } from '../limits/rate-counter'

export interface RequestLimits {
  signupsPerHour: number
  syncsPerMinute: number
}

/** Room for a household behind one address, and for a device catching up in several requests. */
export const DEFAULT_REQUEST_LIMITS = {
  signupsPerHour: 10,
  syncsPerMinute: 30,
} satisfies RequestLimits

/** Each check returns the seconds to wait, or 0. */
export function createRequestLimits(
  counter: RateCounter,
  limits: RequestLimits = DEFAULT_REQUEST_LIMITS,
) {
  const check = async (key: string, max: number, windowMs: number): Promise<number> => {
    const now = Date.now()
    const count = (await counter.hit([key], windowMs, now)).get(key)
    return count && count.hits > max ? secondsLeft(count, now) : 0
  }
  return {
    signup: (address: string) => check(`signup:${address}`, limits.signupsPerHour, 3600_000),
    sync: (userId: string) => check(`sync:${userId}`, limits.syncsPerMinute, 60_000),
    forget: (userId: string) => counter.clear([`sync:${userId}`]),
  }
}

export type Limits = ReturnType<typeof createRequestLimits>
