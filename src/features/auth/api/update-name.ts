import { parseAccount, requestAccount } from '@/features/auth/api/client'
import type { CurrentUser } from '@/lib/session/session-store'

/** Renames the signed-in account; returns it as saved. */
export async function updateAccountName(name: string): Promise<CurrentUser> {
  return parseAccount(
    await requestAccount('', { method: 'PATCH', body: { name: name.trim().normalize('NFC') } }),
  )
}
