import { requestAccount } from '@/features/auth/api/client'

/** Ends this session on the server and clears its cookie (204, signed in or not). */
export async function logOutAccount(): Promise<void> {
  await requestAccount('/logout', { method: 'POST' })
}
