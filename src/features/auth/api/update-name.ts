import { parseAccount, requestAccount } from '@/features/auth/api/client'
import type { CurrentUser } from '@/lib/session/session-store'

export async function updateAccountName(name: string): Promise<CurrentUser> {
  return parseAccount(
    await requestAccount('', { method: 'PATCH', body: { name: name.trim().normalize('NFC') } }),
  )
}
