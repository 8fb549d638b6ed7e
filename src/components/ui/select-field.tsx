import type { SelectHTMLAttributes } from 'react'
import { Field } from '@/components/ui/field'
import { useKeptValue } from '@/hooks/use-kept-value'

export interface SelectOption {
  value: string
  label: string
}

export function Select({
  options,
  onChange,
  className = 'field-input',
  ...selectProps
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> & {
  value: string
  options: readonly SelectOption[]
  onChange: (value: string) => void
}) {
  const select = useKeptValue<HTMLSelectElement>(selectProps.value, onChange)
  return (
    <select
      ref={select}
      className={className}
      onChange={(event) => {
        onChange(event.target.value)
      }}
      {...selectProps}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  )
}

export function SelectField({
  label,
  value,
  options,
  onChange,
  className = '',
}: {
  label: string
  value: string
  options: readonly SelectOption[]
  onChange: (value: string) => void
  className?: string
}) {
  return (
    <Field
      label={label}
      className={`flex flex-col gap-1 ${className}`}
      labelClassName="text-sm font-semibold text-slate-300"
    >
      {(id) => <Select id={id} value={value} options={options} onChange={onChange} />}
    </Field>
  )
}
