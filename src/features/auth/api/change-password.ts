import { refusedAs, requestAccount } from '@/features/auth/api/client'

/** Changes the password, ending every other session; 'wrong-password' when refused (403). */
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
