/**
 * Registering, logging in and deleting an account where this page keeps accounts
 * (src/config/accounts-mode.ts): in this browser's storage, or on the app's server, which alone
 * then sees the password (no hashing here: it goes only to this site's own origin).
 */
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

/**
 * The account of that e-mail and password, or null when they do not match. On the server, what
 * must be ready before the sign-in shows is (src/lib/session/session-hooks.ts): the lists' sync,
 * so the first edit is already sent.
 */
export async function logIn(email: string, password: string): Promise<CurrentUser | null> {
  if (accountsMode() === 'local') return authenticate(email, password)
  const account = await logInAccount(email, password)
  if (account) await runSignInSteps(account.email)
  return account
}

/**
 * Deletes the account of `email` once `password` confirms it: on the server, or this browser's
 * record. False when the password is wrong.
 */
export async function deleteAccountWithPassword(email: string, password: string): Promise<boolean> {
  if (accountsMode() === 'server') return (await deleteAccount(password)) === 'deleted'
  if (!(await authenticate(email, password))) return false
  removeUser(email)
  return true
}
