import { useQuery } from '@tanstack/react-query'
import { useDeferredValue, useId, useState } from 'react'
import { RegionSelect } from '@/features/movies/components/region-select'
import { movieMessages } from '@/features/movies/messages'
import { myServicesMessages } from '@/features/movies/my-services-messages'
import { foldText } from '@/shared/demo-catalog/text-match'
import { StorageError } from '@/lib/storage'
import { logoUrl } from '@/lib/tmdb'
import { useTmdb } from '@/lib/tmdb/use-tmdb'
import { notify } from '@/lib/toast'
import { watchRegionsQueryOptions, watchServicesQueryOptions } from '@/lib/watch/queries'
import { regionName, useWatchRegion } from '@/lib/watch/region'
import { setServices, useServicesStore, type WatchService } from '@/lib/watch/services'

const messages = myServicesMessages

function save(services: readonly WatchService[]) {
  try {
    setServices(services)
  } catch (error) {
    if (!(error instanceof StorageError)) throw error
    notify.error(messages.saveFailed)
  }
}

function CountrySelect({ region }: { region: string }) {
  const regions = useQuery(watchRegionsQueryOptions(useTmdb()))
  const codes = (regions.data?.results ?? []).map((entry) => entry.iso_3166_1)
  return <RegionSelect region={region} codes={codes} label={messages.country} />
}

/** The streaming services a person pays for, picked from TMDB's list for their country. */
export function MyServices() {
  const region = useWatchRegion()
  const tmdb = useTmdb()
  const chosen = useServicesStore((state) => state.services)
  const chosenIds = useServicesStore((state) => state.ids)
  const [pinned, setPinned] = useState<readonly WatchService[]>(chosen)
  const [filter, setFilter] = useState('')
  const deferredFilter = useDeferredValue(filter)
  const filterId = useId()
  const listId = useId()
  const services = useQuery({
    ...watchServicesQueryOptions(tmdb, region ?? 'US'),
    enabled: region !== undefined,
  })
  if (region === undefined) return <p className="text-slate-300">{messages.loading}</p>

  const offered = (services.data ?? []).map((service) => ({
    id: service.provider_id,
    name: service.provider_name,
    logo: service.logo_path ?? null,
  }))
  const offeredIds = new Set(offered.map((service) => service.id))
  // Listed first: the services chosen as the page opened, and any chosen elsewhere or not
  // offered here; a box ticked or unticked during the visit stays where it is.
  const unlisted = chosen.filter(
    (service) => !pinned.some((held) => held.id === service.id) && !offeredIds.has(service.id),
  )
  if (unlisted.length > 0) setPinned([...pinned, ...unlisted])
  const pinnedIds = new Set(pinned.map((service) => service.id))
  const rows = [
    ...pinned.map((service) => ({
      ...service,
      logo: offered.find((o) => o.id === service.id)?.logo ?? null,
    })),
    ...offered.filter((service) => !pinnedIds.has(service.id)),
  ]
  const needle = foldText(deferredFilter.trim())
  const shown = needle ? rows.filter((row) => foldText(row.name).includes(needle)) : rows
  const toggle = (service: WatchService, on: boolean) => {
    save(on ? [...chosen, service] : chosen.filter((held) => held.id !== service.id))
  }
  const country = regionName(region)

  return (
    <div className="space-y-4">
      <p className="text-slate-300">{messages.intro}</p>
      <CountrySelect region={region} />
      <p aria-live="polite" className="text-slate-200">
        {messages.chosen(chosen.length)}
      </p>
      {chosen.length > 0 && (
        <button
          type="button"
          className="btn-secondary text-sm"
          onClick={() => {
            save([])
          }}
        >
          {messages.clear}
        </button>
      )}
      {services.isPending ? (
        <p className="text-slate-300">{messages.loading}</p>
      ) : services.isError ? (
        <div className="space-y-2">
          <p className="text-slate-300">{messages.failed}</p>
          <button type="button" className="btn-secondary" onClick={() => void services.refetch()}>
            {messages.retry}
          </button>
        </div>
      ) : offered.length === 0 ? (
        <div className="space-y-1 text-slate-300">
          <p>{messages.none(country)}</p>
          {tmdb.config.demo && <p className="text-sm">{movieMessages.demoHasNoStreaming}</p>}
        </div>
      ) : null}
      {rows.length > 0 && (
        <>
          <div className="space-y-1">
            <label htmlFor={filterId} className="block font-medium text-slate-200">
              {messages.find}
            </label>
            <input
              id={filterId}
              type="search"
              className="field-input"
              value={filter}
              aria-controls={listId}
              onChange={(event) => {
                setFilter(event.target.value)
              }}
            />
          </div>
          <fieldset>
            <legend className="sr-only">{messages.legend(country)}</legend>
            <ul
              id={listId}
              className="max-h-96 space-y-1 overflow-y-auto rounded-md border border-slate-800 p-2"
            >
              {shown.map((row) => (
                <li key={row.id}>
                  <label className="flex items-center gap-3 rounded px-2 py-1 text-slate-100 hover:bg-slate-800">
                    <input
                      type="checkbox"
                      className="size-4 accent-brand"
                      checked={chosenIds.has(row.id)}
                      onChange={(event) => {
                        toggle({ id: row.id, name: row.name }, event.target.checked)
                      }}
                    />
                    {row.logo ? (
                      <img
                        src={logoUrl(row.logo, tmdb.config.imageUrl)}
                        alt=""
                        width={24}
                        height={24}
                        loading="lazy"
                        decoding="async"
                        className="size-6 rounded bg-slate-800"
                      />
                    ) : (
                      <span aria-hidden="true" className="size-6 rounded bg-slate-800" />
                    )}
                    <span>{row.name}</span>
                    {!offeredIds.has(row.id) && services.isSuccess && (
                      <span className="text-xs text-slate-400">{messages.elsewhere(country)}</span>
                    )}
                  </label>
                </li>
              ))}
            </ul>
            {shown.length === 0 && <p className="mt-2 text-slate-300">{messages.noMatch}</p>}
          </fieldset>
        </>
      )}
    </div>
  )
}
