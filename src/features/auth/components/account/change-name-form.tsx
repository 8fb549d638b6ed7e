import { useState } from 'react'
import { accountMessages } from '@/features/auth/account-messages'
import { updateAccountName } from '@/features/auth/api/update-name'
import { AccountSection, SectionForm } from '@/features/auth/components/account/account-section'
import { FormFields, type FieldSpec } from '@/features/auth/components/form-field'
import { useAccountAction } from '@/features/auth/hooks/use-account-action'
import { useSessionStore } from '@/lib/session/session-store'
import { authMessages } from '@/shared/accounts/messages'
import { validateName } from '@/shared/accounts/validation'
import { notify } from '@/lib/toast'

const FIELDS: readonly FieldSpec<'name'>[] = [
  { name: 'name', label: 'Name', autoComplete: 'given-name' },
]

export function ChangeNameForm({ name: savedName }: { name: string }) {
  const signIn = useSessionStore((state) => state.signIn)
  // Until edited, the field follows the saved name, which the session check may still change.
  const [draft, setDraft] = useState<string | null>(null)
  const name = draft ?? savedName
  const [error, setError] = useState<string>()
  const { busy, run } = useAccountAction()

  async function submit() {
    const found = validateName(name)
    setError(found)
    if (found) {
      notify.error(authMessages.fixErrors)
      return
    }
    await run(async () => {
      const account = await updateAccountName(name)
      signIn(account)
      setDraft(null)
      notify.success(accountMessages.nameSaved)
    })
  }

  return (
    <AccountSection title="Change name">
      <SectionForm submitLabel="Save name" busy={busy} onSubmit={submit}>
        <FormFields
          fields={FIELDS}
          form={{
            values: { name },
            errors: { name: error },
            change: (_field, value) => {
              setDraft(value)
              setError(validateName(value))
            },
          }}
        />
      </SectionForm>
    </AccountSection>
  )
}
