import { useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useVisitor } from '@/lib/session/use-visitor'

/**
 * The login and register pages' guard (their beforeLoad) once a page the server rendered for
 * nobody in particular has hydrated: a signed-in person goes home. From the page itself, after
 * it has hydrated; a navigation while it hydrates would make React render it all again.
 */
export function useSignedInRedirect(): void {
  const navigate = useNavigate()
  const signedIn = Boolean(useVisitor())
  useEffect(() => {
    if (signedIn) void navigate({ to: '/', replace: true })
  }, [signedIn, navigate])
}
