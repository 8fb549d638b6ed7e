import { useId, useState } from 'react'
import { chooseWatchRegion, regionName, useWatchRegion } from '@/features/movies/watch-region'
import { movieMessages } from '@/features/movies/messages'
import { logoUrl, type WatchProviders } from '@/lib/tmdb'
import { useTmdb } from '@/lib/tmdb/use-tmdb'

type RegionOffers = WatchProviders['results'][string]
type Provider = NonNullable<RegionOffers['flatrate']>[number]

const GROUPS = [
  ['flatrate', 'Stream'],
  ['free', 'Free'],
  ['ads', 'With ads'],
  ['rent', 'Rent'],
  ['buy', 'Buy'],
] as const

const byPriority = (a: Provider, b: Provider) =>
  (a.display_priority ?? Infinity) - (b.display_priority ?? Infinity) ||
  a.provider_name.localeCompare(b.provider_name, 'en')

function ProviderLogo({ path, imageUrl }: { path: string | null | undefined; imageUrl: string }) {
  const [failed, setFailed] = useState(false)
  if (!path || failed) return null
  return (
    <img
      src={logoUrl(path, imageUrl)}
      alt=""
      width={46}
      height={46}
      loading="lazy"
      decoding="async"
      onError={() => {
        setFailed(true)
      }}
      className="size-[46px] rounded-md bg-slate-800"
    />
  )
}

function Offers({ offers, region }: { offers: RegionOffers; region: string }) {
  const { imageUrl } = useTmdb().config
  const link = offers.link?.trim()
  const groups = GROUPS.flatMap(([key, label]) => {
    const list = [...(offers[key] ?? [])].sort(byPriority)
    return list.length ? [{ key, label, list }] : []
  })
  if (groups.length === 0) {
    return <p className="text-slate-300">{movieMessages.notStreaming(regionName(region))}</p>
  }
  return (
    <div className="space-y-4">
      {groups.map(({ key, label, list }) => (
        <div key={key} className="space-y-2">
          <h3 className="text-sm font-semibold tracking-wide text-slate-400 uppercase">{label}</h3>
          <ul className="flex flex-wrap gap-3">
            {list.map((provider) => {
              const content = (
                <>
                  <ProviderLogo path={provider.logo_path} imageUrl={imageUrl} />
                  <span>{provider.provider_name}</span>
                </>
              )
              return (
                <li key={provider.provider_id}>
                  {link ? (
                    <a
                      href={link}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`${provider.provider_name} (${label}, opens in a new tab)`}
                      className="flex items-center gap-2 rounded-md text-slate-100 underline-offset-2 hover:underline"
                    >
                      {content}
                    </a>
                  ) : (
                    <span className="flex items-center gap-2 text-slate-100">{content}</span>
                  )}
                </li>
              )
            })}
          </ul>
        </div>
      ))}
    </div>
  )
}

/** JustWatch's offers for the person's region, TMDB's `watch/providers` part of the details. */
export function WhereToWatch({ providers }: { providers: WatchProviders | undefined }) {
  const region = useWatchRegion()
  const selectId = useId()
  const { demo } = useTmdb().config
  if (!providers) return null
  const regions = Object.keys(providers.results)
  const choices = [...new Set(region ? [...regions, region] : regions)]
    .map((code) => ({ code, name: regionName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'))
  const offers = region ? providers.results[region] : undefined
  return (
    <section aria-labelledby="where-to-watch-heading" className="max-w-3xl space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="where-to-watch-heading" className="text-2xl font-bold text-white">
          {movieMessages.whereToWatch}
        </h2>
        {region && choices.length > 1 && (
          <div className="flex items-center gap-2 text-sm">
            <label htmlFor={selectId} className="text-slate-300">
              {movieMessages.region}
            </label>
            <select
              id={selectId}
              value={region}
              className="field-input w-auto py-1"
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
        )}
      </div>
      {region &&
        (offers ? (
          <Offers offers={offers} region={region} />
        ) : (
          <p className="text-slate-300">{movieMessages.notStreaming(regionName(region))}</p>
        ))}
      {demo && <p className="text-sm text-slate-400">{movieMessages.demoHasNoStreaming}</p>}
      <p className="text-xs text-slate-400">{movieMessages.justWatch}</p>
    </section>
  )
}
