import { createFileRoute, redirect } from '@tanstack/react-router'
import { authMessages } from '@/shared/accounts/messages'
import { notify } from '@/lib/toast'

// Rendered in the browser alone, where the session and lists are (docs/architecture.md).
export const Route = createFileRoute('/_authenticated')({
  ssr: false,
  beforeLoad: ({ context, location, preload }) => {
    if (context.session.getState().currentUser) return
    // A hover preload is not a visit: only a real navigation explains the redirect.
    if (!preload) notify.error(authMessages.mustLogIn, { id: 'auth-required' })
    throw redirect({ to: '/login', search: { redirect: location.href } })
  },
})
