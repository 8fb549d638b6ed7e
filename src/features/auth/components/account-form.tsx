import { Link } from '@tanstack/react-router'
import { FormField } from '@/features/auth/components/form-field'

export interface AccountField<Name extends string> {
  name: Name
  label: string
  type?: 'text' | 'email' | 'password'
  autoComplete: string
}

/** The login and register forms: their fields, the submit button and the link to the other. */
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
  /** The other form: the question that leads to it, and its link. */
  other: { question: string; to: '/login' | '/register'; label: string }
}) {
  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault()
        void onSubmit()
      }}
    >
      {fields.map((field) => (
        <FormField
          key={field.name}
          {...field}
          value={values[field.name]}
          error={errors[field.name]}
          onChange={(event) => {
            onFieldChange(field.name, event.target.value)
          }}
        />
      ))}
      <button type="submit" className="btn-primary w-full" disabled={submitting}>
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
