import { useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useVisitor } from '@/lib/session/use-visitor'

/** After hydration: a navigation while it hydrates would make React render it all again. */
export function useSignedInRedirect(): void {
  const navigate = useNavigate()
  const signedIn = Boolean(useVisitor())
  useEffect(() => {
    if (signedIn) void navigate({ to: '/', replace: true })
  }, [signedIn, navigate])
}
