import { parseAccount, requestAccount } from '@/features/auth/api/client'
import type { CurrentUser } from '@/lib/session/session-store'

export async function getAccount(): Promise<CurrentUser> {
  return parseAccount(await requestAccount(''))
}
