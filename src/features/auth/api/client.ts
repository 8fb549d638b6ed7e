import { errorWithReason } from '@/lib/error-with-reason'
import type { CurrentUser } from '@/lib/session/session-store'
import * as v from '@/lib/validate'
import { ACCOUNT_API_BASE } from '@/shared/urls'

export class AccountServerError extends errorWithReason('AccountServerError', {
  offline: 'The account server could not be reached',
  failed: 'The account server failed',
}) {
  get offline(): boolean {
    return this.reason === 'offline'
  }
}

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

/** Throws AccountServerError without a usable response, AccountRequestError on a 4xx. */
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
      // Always a JSON body: the server's CSRF check relies on a content type no HTML form can send.
      headers: changes
        ? { Accept: 'application/json', 'Content-Type': 'application/json' }
        : { Accept: 'application/json' },
      ...(changes ? { body: JSON.stringify(body ?? {}) } : {}),
    })
  } catch (error) {
    throw new AccountServerError('offline', { cause: error })
  }
  if (response.status >= 500) throw new AccountServerError('failed')
  if (response.status === 204) return undefined
  let json: unknown
  try {
    json = await response.json()
  } catch (error) {
    if (response.ok) throw new AccountServerError('failed', { cause: error })
  }
  if (response.ok) return json
  const refusal = v.safeParse(errorBodySchema, json)
  throw new AccountRequestError(
    response.status,
    refusal.success ? refusal.data.error : `The request was refused (${String(response.status)})`,
  )
}

export function parseAccount(json: unknown): CurrentUser {
  const parsed = v.safeParse(accountSchema, json)
  if (!parsed.success) throw new AccountServerError('failed', { cause: parsed.error })
  return { name: parsed.data.name, email: parsed.data.email }
}

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
