import { parseAccount, requestAccount } from '@/features/auth/api/client'
import type { CurrentUser } from '@/lib/session/session-store'

/** The signed-in account; AccountRequestError 401 when the session has ended. */
export async function getAccount(): Promise<CurrentUser> {
  return parseAccount(await requestAccount(''))
}
