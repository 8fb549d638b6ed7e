/** The account's shared links (docs/api.md, "Shared lists"): server mode only. */
import type { EntryListKey } from '@/shared/lists/merge'
import { ACCOUNT_API_BASE } from '@/shared/urls'

export interface Share {
  list: EntryListKey
  token: string
  indexable: boolean
  createdAt: string
}

export class ShareError extends Error {
  override readonly name = 'ShareError'
  constructor(readonly status: number | null) {
    super(`Sharing failed (${status === null ? 'offline' : String(status)})`)
  }
}

const SHARES = `${ACCOUNT_API_BASE}/shares`
const TIMEOUT_MS = 15_000

async function call(path: string, method: string, body?: unknown): Promise<Response> {
  let response: Response
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      cache: 'no-store',
      headers: {
        Accept: 'application/json',
        ...(method === 'GET' ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(method === 'GET' ? {} : { body: JSON.stringify(body ?? {}) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
  } catch {
    throw new ShareError(null)
  }
  if (!response.ok) throw new ShareError(response.status)
  return response
}

const isShare = (value: unknown): value is Share =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Share).list === 'string' &&
  typeof (value as Share).token === 'string' &&
  typeof (value as Share).indexable === 'boolean'

export async function fetchShares(): Promise<Share[]> {
  const json: unknown = await (await call(SHARES, 'GET')).json().catch(() => null)
  const shares = (json as { shares?: unknown } | null)?.shares
  return Array.isArray(shares) ? shares.filter(isShare) : []
}

export async function shareList(list: EntryListKey, indexable: boolean): Promise<Share> {
  const json: unknown = await (
    await call(`${SHARES}/${encodeURIComponent(list)}`, 'PUT', { indexable })
  ).json()
  if (!isShare(json)) throw new ShareError(500)
  return json
}

export async function stopSharing(list: EntryListKey): Promise<void> {
  await call(`${SHARES}/${encodeURIComponent(list)}`, 'DELETE')
}

export const shareUrl = (token: string): string => new URL(`/l/${token}`, window.location.href).href
