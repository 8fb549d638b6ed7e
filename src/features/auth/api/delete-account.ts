import { refusedAs, requestAccount } from '@/features/auth/api/client'

export function deleteAccount(password: string): Promise<'deleted' | 'wrong-password'> {
  return refusedAs(
    requestAccount('', { method: 'DELETE', body: { password } }).then(() => 'deleted' as const),
    403,
    'wrong-password' as const,
  )
}
