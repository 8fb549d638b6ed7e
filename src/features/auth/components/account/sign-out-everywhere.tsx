import { useNavigate } from '@tanstack/react-router'
import { accountMessages } from '@/features/auth/account-messages'
import { signOutEverywhere } from '@/features/auth/api/sign-out-everywhere'
import { AccountSection } from '@/features/auth/components/account/account-section'
import { useAccountAction } from '@/features/auth/hooks/use-account-action'
import { signOutGuarded } from '@/lib/session/session-hooks'
import { useSessionStore } from '@/lib/session/session-store'
import { notify } from '@/lib/toast'

export function SignOutEverywhere() {
  const signOut = useSessionStore((state) => state.signOut)
  const navigate = useNavigate()
  const { busy, run } = useAccountAction()
  return (
    <AccountSection
      title="Sign out everywhere"
      description="Signs your account out on every device and browser, this one included."
    >
      <button
        type="button"
        className="btn-secondary"
        disabled={busy}
        onClick={() =>
          void run(async () => {
            const signedOut = await signOutGuarded(async () => {
              await signOutEverywhere()
              signOut()
              notify.success(accountMessages.signedOutEverywhere)
              return true
            })
            if (signedOut) await navigate({ to: '/login' })
          })
        }
      >
        Sign out everywhere
      </button>
    </AccountSection>
  )
}
