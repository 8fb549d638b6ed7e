import { parseAccount, refusedAs, requestAccount } from '@/features/auth/api/client'
import type { CurrentUser } from '@/lib/session/session-store'

export function logInAccount(email: string, password: string): Promise<CurrentUser | null> {
  return refusedAs(
    requestAccount('/login', { method: 'POST', body: { email: email.trim(), password } }).then(
      parseAccount,
    ),
    401,
    null,
  )
}
