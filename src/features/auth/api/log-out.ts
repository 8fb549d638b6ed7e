import { requestAccount } from '@/features/auth/api/client'

export async function logOutAccount(): Promise<void> {
  await requestAccount('/logout', { method: 'POST' })
}
