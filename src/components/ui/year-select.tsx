import { SelectField } from '@/components/ui/select-field'
import { releaseYears } from '@/lib/release-year'
import { useTmdb } from '@/lib/tmdb/use-tmdb'

const ANY_YEAR = { value: '', label: 'Any year' }

export function YearSelect({
  year,
  onChange,
  className,
}: {
  year: number | undefined
  onChange: (year: number | undefined) => void
  className?: string
}) {
  const years = releaseYears({ demo: useTmdb().config.demo })
  // A year from the URL that the demo catalog has no film of stays shown as chosen.
  if (year !== undefined && !years.includes(year)) years.unshift(year)
  const options = [
    ANY_YEAR,
    ...years.map((value) => ({ value: String(value), label: String(value) })),
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
