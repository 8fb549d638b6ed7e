import { Link, useHydrated } from '@tanstack/react-router'
import { FormField } from '@/features/auth/components/form-field'
import { useKeptValue } from '@/hooks/use-kept-value'

export interface AccountField<Name extends string> {
  name: Name
  label: string
  type?: 'text' | 'email' | 'password'
  autoComplete: string
}

export function AccountForm<Name extends string>({
  fields,
  values,
  errors = {},
  onFieldChange,
  onSubmit,
  submitLabel,
  submitting,
  other,
}: {
  fields: readonly AccountField<Name>[]
  values: Record<Name, string>
  errors?: Partial<Record<Name, string>>
  onFieldChange: (name: Name, value: string) => void
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
      {fields.map((field) => (
        <AccountFormField
          key={field.name}
          field={field}
          value={values[field.name]}
          error={errors[field.name]}
          onChange={(value) => {
            onFieldChange(field.name, value)
          }}
        />
      ))}
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

function AccountFormField<Name extends string>({
  field,
  value,
  error,
  onChange,
}: {
  field: AccountField<Name>
  value: string
  error: string | undefined
  onChange: (value: string) => void
}) {
  const input = useKeptValue<HTMLInputElement>(value, onChange)
  return (
    <FormField
      ref={input}
      {...field}
      value={value}
      error={error}
      onChange={(event) => {
        onChange(event.target.value)
      }}
    />
  )
}
