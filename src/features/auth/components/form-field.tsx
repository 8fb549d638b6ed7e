import { useId, useState, type InputHTMLAttributes, type Ref } from 'react'
import type { FormState } from '@/features/auth/hooks/use-form-fields'
import { useKeptValue } from '@/hooks/use-kept-value'

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string
  error?: string | undefined
  type?: 'text' | 'email' | 'password'
  ref?: Ref<HTMLInputElement>
}

export function FormField({ label, error, type = 'text', ...inputProps }: FormFieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  const [revealed, setRevealed] = useState(false)
  const isPassword = type === 'password'

  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-medium text-slate-200">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type={isPassword && revealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="field-input"
          {...inputProps}
        />
        {isPassword && (
          <button
            type="button"
            className="btn-secondary shrink-0 text-sm"
            aria-pressed={revealed}
            onClick={() => {
              setRevealed((shown) => !shown)
            }}
          >
            {revealed ? 'Hide password' : 'Show password'}
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-300">
          {error}
        </p>
      )}
    </div>
  )
}

export interface FieldSpec<Name extends string> {
  name: Name
  label: string
  type?: 'text' | 'email' | 'password'
  autoComplete: string
}

/** A form's fields, each keeping what was typed before hydration; `named` sets each input's name. */
export function FormFields<Name extends string>({
  fields,
  form: { values, errors, change },
  named = false,
}: {
  fields: readonly FieldSpec<Name>[]
  form: FormState<Name>
  named?: boolean
}) {
  return fields.map((field) => (
    <KeptFormField
      key={field.name}
      field={field}
      named={named}
      value={values[field.name]}
      error={errors[field.name]}
      onChange={(value) => {
        change(field.name, value)
      }}
    />
  ))
}

function KeptFormField<Name extends string>({
  field: { name, label, type, autoComplete },
  named,
  value,
  error,
  onChange,
}: {
  field: FieldSpec<Name>
  named: boolean
  value: string
  error: string | undefined
  onChange: (value: string) => void
}) {
  const input = useKeptValue<HTMLInputElement>(value, onChange)
  return (
    <FormField
      ref={input}
      {...(named ? { name } : {})}
      label={label}
      type={type}
      autoComplete={autoComplete}
      value={value}
      error={error}
      onChange={(event) => {
        onChange(event.target.value)
      }}
    />
  )
}
