import { refusedAs, requestAccount } from '@/features/auth/api/client'

export function changeAccountPassword(passwords: {
  currentPassword: string
  newPassword: string
}): Promise<'changed' | 'wrong-password'> {
  return refusedAs(
    requestAccount('/password', { method: 'POST', body: passwords }).then(() => 'changed' as const),
    403,
    'wrong-password' as const,
  )
}
