import { parseAccount, refusedAs, requestAccount } from '@/features/auth/api/client'
import type { CurrentUser } from '@/lib/session/session-store'

/**
 * Signs in (the server sets the session cookie) and returns the account, or null when the
 * e-mail and password do not match (401). Too many failures: AccountRequestError 429.
 */
export function logInAccount(email: string, password: string): Promise<CurrentUser | null> {
  return refusedAs(
    requestAccount('/login', { method: 'POST', body: { email: email.trim(), password } }).then(
      parseAccount,
    ),
    401,
    null,
  )
}
