import { useState } from 'react'

export interface FormState<Name extends string> {
  values: Record<Name, string>
  errors: Partial<Record<Name, string>>
  change: (name: Name, value: string) => void
}

/** A form's values and errors; a change sets the field's value and its error (`check`'s say). */
export function useFormFields<Name extends string>(
  initial: Record<Name, string>,
  check: (name: Name, value: string) => string | undefined = () => undefined,
) {
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({})
  const change = (name: Name, value: string) => {
    setValues((current) => ({ ...current, [name]: value }))
    setErrors((current) => ({ ...current, [name]: check(name, value) }))
  }
  return { values, setValues, errors, setErrors, change }
}
