import { useHydrated } from '@tanstack/react-router'
import { servicesParam, type HomeFilters } from '@/features/movies/home-search'
import { watchMessages } from '@/lib/watch/messages'
import { useWatchRegion } from '@/lib/watch/region'
import { useServiceIds } from '@/lib/watch/services'

type Streaming = Pick<HomeFilters, 'services' | 'region'>

/** Shown once services are chosen, or while the URL filters by some: it can always be undone. */
export function OnMyServicesCheckbox({
  on,
  onChange,
}: {
  on: boolean
  onChange: (streaming: Streaming) => void
}) {
  const hydrated = useHydrated()
  const ids = useServiceIds()
  const region = useWatchRegion()
  if (!hydrated || (ids.size === 0 && !on)) return null
  return (
    <label className="inline-flex items-center gap-2 text-sm text-slate-200">
      <input
        type="checkbox"
        className="size-4 accent-brand"
        checked={on}
        disabled={!on && (ids.size === 0 || region === undefined)}
        onChange={(event) => {
          onChange(
            event.target.checked
              ? { services: servicesParam(ids), region }
              : { services: undefined, region: undefined },
          )
        }}
      />
      {watchMessages.onMyServices}
    </label>
  )
}
