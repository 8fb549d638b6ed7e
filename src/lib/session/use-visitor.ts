import { useHydrated } from '@tanstack/react-router'
import { useCurrentUser, type CurrentUser } from '@/lib/session/session-store'

/**
 * The signed-in person, or null; undefined while the server renders and the browser hydrates
 * the page, which is for nobody in particular. Until then the page holds what each would see,
 * marked with `shownTo`: the stylesheet shows the one public/theme.js has found before the
 * first paint, so nothing moves when the person's own arrives.
 */
export function useVisitor(): CurrentUser | null | undefined {
  const user = useCurrentUser()
  return useHydrated() ? user : undefined
}

/** Marks an element rendered before hydration for one kind of visitor only (src/index.css). */
export const shownTo = (visitor: 'signed in' | 'signed out') =>
  visitor === 'signed in' ? { 'data-signed-in-only': '' } : { 'data-signed-out-only': '' }
