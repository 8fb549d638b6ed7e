/**
 * The one way to the app's server's account API (same origin, JSON both ways). The session is
 * an httpOnly cookie the browser sends itself; nothing here sees or stores it.
 */
import type { CurrentUser } from '@/lib/session/session-store'
import * as v from '@/lib/validate'
import { ACCOUNT_API_BASE } from '@/shared/urls'

/** No answer (offline), a failing server (5xx), or an answer the page cannot read. */
export class AccountServerError extends Error {
  override readonly name = 'AccountServerError'
  constructor(
    /** True when no answer came at all: the browser is offline or the server unreachable. */
    readonly offline: boolean,
    options?: { cause?: unknown },
  ) {
    super(
      offline ? 'The account server could not be reached' : 'The account server failed',
      options,
    )
  }
}

/** The server refused the request (4xx); `message` is its own explanation. */
export class AccountRequestError extends Error {
  override readonly name = 'AccountRequestError'
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

const errorBodySchema = v.object({ error: v.string() })
const accountSchema = v.object({ name: v.string(), email: v.string() })

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'

/**
 * Sends a request to `/api/account<path>` and returns its JSON body (undefined for 204).
 * Throws AccountServerError when there is no usable answer, AccountRequestError on a 4xx.
 */
export async function requestAccount(
  path: string,
  { method = 'GET', body }: { method?: Method; body?: Record<string, string> } = {},
): Promise<unknown> {
  const changes = method !== 'GET'
  let response: Response
  try {
    response = await fetch(new URL(`${ACCOUNT_API_BASE}${path}`, window.location.href), {
      method,
      credentials: 'same-origin',
      cache: 'no-store',
      // A state-changing request always carries a JSON body: the server's check against
      // cross-site forms relies on the content type, which a plain HTML form cannot send.
      headers: changes
        ? { Accept: 'application/json', 'Content-Type': 'application/json' }
        : { Accept: 'application/json' },
      ...(changes ? { body: JSON.stringify(body ?? {}) } : {}),
    })
  } catch (error) {
    throw new AccountServerError(true, { cause: error })
  }
  if (response.status >= 500) throw new AccountServerError(false)
  if (response.status === 204) return undefined
  let json: unknown
  try {
    json = await response.json()
  } catch (error) {
    if (response.ok) throw new AccountServerError(false, { cause: error })
  }
  if (response.ok) return json
  const refusal = v.safeParse(errorBodySchema, json)
  throw new AccountRequestError(
    response.status,
    refusal.success ? refusal.data.error : `The request was refused (${String(response.status)})`,
  )
}

/** The account in an answer, as { name, email } only. */
export function parseAccount(json: unknown): CurrentUser {
  const parsed = v.safeParse(accountSchema, json)
  if (!parsed.success) throw new AccountServerError(false, { cause: parsed.error })
  return { name: parsed.data.name, email: parsed.data.email }
}

/** Runs `request`, turning the refusal with `status` into `value` (a known, expected answer). */
export async function refusedAs<T, R>(
  request: Promise<T>,
  status: number,
  value: R,
): Promise<T | R> {
  try {
    return await request
  } catch (error) {
    if (error instanceof AccountRequestError && error.status === status) return value
    throw error
  }
}
