import { Link, useHydrated } from '@tanstack/react-router'
import { FormFields, type FieldSpec } from '@/features/auth/components/form-field'
import type { FormState } from '@/features/auth/hooks/use-form-fields'

export function AccountForm<Name extends string>({
  fields,
  form,
  onSubmit,
  submitLabel,
  submitting,
  other,
}: {
  fields: readonly FieldSpec<Name>[]
  form: FormState<Name>
  onSubmit: () => Promise<void>
  submitLabel: string
  submitting: boolean
  other: { question: string; to: '/login' | '/register'; label: string }
}) {
  const hydrated = useHydrated()
  return (
    <form
      noValidate
      // Posted, so a password sent without the app would never be in a URL.
      method="post"
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault()
        void onSubmit()
      }}
    >
      <FormFields fields={fields} form={form} named />
      <button type="submit" className="btn-primary w-full" disabled={submitting || !hydrated}>
        {submitLabel}
      </button>
      <p className="text-center text-slate-300">
        {other.question}{' '}
        <Link to={other.to} className="font-semibold text-brand underline">
          {other.label}
        </Link>
      </p>
    </form>
  )
}
