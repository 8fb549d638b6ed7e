import { SelectField } from '@/components/ui/select-field'
import { releaseYears } from '@/lib/release-year'

const ANY_YEAR = { value: '', label: 'Any year' }

/** "Year": "Any year", then this year back to 1900. */
export function YearSelect({
  year,
  onChange,
  className,
}: {
  year: number | undefined
  onChange: (year: number | undefined) => void
  className?: string
}) {
  const options = [
    ANY_YEAR,
    ...releaseYears().map((value) => ({ value: String(value), label: String(value) })),
  ]
  return (
    <SelectField
      label="Year"
      value={year === undefined ? '' : String(year)}
      options={options}
      className={className}
      onChange={(value) => {
        onChange(value ? Number(value) : undefined)
      }}
    />
  )
}
