import { useHydrated } from '@tanstack/react-router'
import { useCurrentUser, type CurrentUser } from '@/lib/session/session-store'

/** Undefined while the server renders and the browser hydrates: see docs/architecture.md. */
export function useVisitor(): CurrentUser | null | undefined {
  const user = useCurrentUser()
  return useHydrated() ? user : undefined
}

/** Marks an element rendered before hydration for one kind of visitor only (src/index.css). */
export const shownTo = (visitor: 'signed in' | 'signed out') =>
  visitor === 'signed in' ? { 'data-signed-in-only': '' } : { 'data-signed-out-only': '' }
