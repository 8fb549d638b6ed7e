import { requestAccount } from '@/features/auth/api/client'

export async function signOutEverywhere(): Promise<void> {
  await requestAccount('/sign-out-everywhere', { method: 'POST' })
}
