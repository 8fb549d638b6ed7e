import { requestAccount } from '@/features/auth/api/client'

/** Ends every session of the account, this one included. */
export async function signOutEverywhere(): Promise<void> {
  await requestAccount('/sign-out-everywhere', { method: 'POST' })
}
