// No hashing for the server: the password goes only to this site's own origin.
import { accountsMode } from '@/config/accounts-mode'
import {
  authenticate,
  registerUser,
  removeUser,
  type RegisterResult,
} from '@/features/auth/accounts'
import { deleteAccount } from '@/features/auth/api/delete-account'
import { logInAccount } from '@/features/auth/api/log-in'
import { registerAccount } from '@/features/auth/api/register'
import { runSignInSteps } from '@/lib/session/session-hooks'
import type { CurrentUser } from '@/lib/session/session-store'
import type { RegisterValues } from '@/shared/accounts/validation'

export function register(values: RegisterValues): Promise<RegisterResult> {
  return accountsMode() === 'server' ? registerAccount(values) : registerUser(values)
}

export async function logIn(email: string, password: string): Promise<CurrentUser | null> {
  if (accountsMode() === 'local') return authenticate(email, password)
  const account = await logInAccount(email, password)
  if (account) await runSignInSteps(account.email)
  return account
}

export async function deleteAccountWithPassword(email: string, password: string): Promise<boolean> {
  if (accountsMode() === 'server') return (await deleteAccount(password)) === 'deleted'
  if (!(await authenticate(email, password))) return false
  removeUser(email)
  return true
}
