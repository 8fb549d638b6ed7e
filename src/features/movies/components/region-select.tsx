import { useId } from 'react'
import { chooseWatchRegion, regionName } from '@/lib/watch/region'

/** The countries given, by name, and the person's own; choosing one keeps it for every page. */
export function RegionSelect({
  region,
  codes,
  label,
  compact = false,
}: {
  region: string
  codes: Iterable<string>
  label: string
  compact?: boolean
}) {
  const id = useId()
  const choices = [...new Set([region, ...codes])]
    .filter((code) => /^[A-Z]{2}$/.test(code))
    .map((code) => ({ code, name: regionName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'))
  return (
    <div className={compact ? 'flex items-center gap-2 text-sm' : 'space-y-1'}>
      <label
        htmlFor={id}
        className={compact ? 'text-slate-300' : 'block font-medium text-slate-200'}
      >
        {label}
      </label>
      <select
        id={id}
        value={region}
        className={compact ? 'field-input w-auto py-1' : 'field-input'}
        onChange={(event) => {
          chooseWatchRegion(event.target.value)
        }}
      >
        {choices.map(({ code, name }) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </select>
    </div>
  )
}
