import { useId, useState, type InputHTMLAttributes, type Ref } from 'react'

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
