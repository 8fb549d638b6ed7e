import { useSessionStore } from '@/features/auth/session-store'

export function useSignOut() {
  return useSessionStore((state) => state.signOut)
}
