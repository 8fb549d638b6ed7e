import { refusedAs, requestAccount } from '@/features/auth/api/client'

/**
 * Deletes the account and everything the server keeps of it, ending all its sessions;
 * 'wrong-password' when the password does not match (403).
 */
export function deleteAccount(password: string): Promise<'deleted' | 'wrong-password'> {
  return refusedAs(
    requestAccount('', { method: 'DELETE', body: { password } }).then(() => 'deleted' as const),
    403,
    'wrong-password' as const,
  )
}
