import type { ReactNode } from 'react'
import { accountsMode } from '@/config/accounts-mode'
import type { UserData } from '@/features/auth/account-export'
import { ChangeNameForm } from '@/features/auth/components/account/change-name-form'
import { ChangePasswordForm } from '@/features/auth/components/account/change-password-form'
import { DeleteAccountForm } from '@/features/auth/components/account/delete-account-form'
import { ExportData } from '@/features/auth/components/account/export-data'
import { SignOutEverywhere } from '@/features/auth/components/account/sign-out-everywhere'
import { useCurrentUser } from '@/lib/session/session-store'

export function AccountSettings({
  userData,
  syncStatus,
  services,
}: {
  userData: UserData
  syncStatus?: ReactNode
  /** Where the person picks the streaming services they pay for. */
  services?: ReactNode
}) {
  const user = useCurrentUser()
  // Signed out meanwhile (another tab): the guard applies at the next visit.
  if (!user) return null
  const onServer = accountsMode() === 'server'
  return (
    <div className="space-y-6">
      <p className="text-slate-300">
        Signed in as <strong className="text-white">{user.email}</strong>
      </p>
      {services}
      {onServer && syncStatus}
      {onServer && <ChangeNameForm name={user.name} />}
      {onServer && <ChangePasswordForm />}
      <ExportData user={user} userData={userData} />
      {onServer && <SignOutEverywhere />}
      <DeleteAccountForm email={user.email} userData={userData} onServer={onServer} />
    </div>
  )
}
