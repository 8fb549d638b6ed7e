import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useVisitor } from '@/lib/session/use-visitor'
import { regionName, useWatchRegion } from '@/lib/watch/region'
import { movieMessages } from '@/features/movies/messages'
import { RegionSelect } from '@/features/movies/components/region-select'
import { logoUrl, type WatchProviders } from '@/lib/tmdb'
import { useTmdb } from '@/lib/tmdb/use-tmdb'
import { streamingOn, type Provider, type RegionOffers } from '@/lib/watch/offers'
import { useServiceIds } from '@/lib/watch/services'

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

const OFFER_LABELS = Object.fromEntries(GROUPS) as Record<(typeof GROUPS)[number][0], string>

interface Group {
  key: string
  label: string
  list: { provider: Provider; kind: string }[]
}

function Offers({ offers, region }: { offers: RegionOffers; region: string }) {
  const { imageUrl } = useTmdb().config
  const serviceIds = useServiceIds()
  const link = offers.link?.trim()
  const groups: Group[] = GROUPS.flatMap(([key, label]) => {
    const list = [...(offers[key] ?? [])].sort(byPriority)
    return list.length
      ? [{ key, label, list: list.map((provider) => ({ provider, kind: label })) }]
      : []
  })
  if (groups.length === 0) {
    return <p className="text-slate-300">{movieMessages.notStreaming(regionName(region))}</p>
  }
  const yours = streamingOn(offers, serviceIds)
  if (yours.length > 0) {
    groups.unshift({
      key: 'yours',
      label: movieMessages.onYourServices,
      list: yours.map(({ provider, offer }) => ({ provider, kind: OFFER_LABELS[offer] })),
    })
  }
  return (
    <div className="space-y-4">
      {serviceIds.size > 0 && yours.length === 0 && (
        <p className="text-slate-300">{movieMessages.notOnYourServices(regionName(region))}</p>
      )}
      {groups.map(({ key, label, list }) => (
        <div key={key} className="space-y-2">
          <h3 className="text-sm font-semibold tracking-wide text-slate-400 uppercase">{label}</h3>
          <ul className="flex flex-wrap gap-3">
            {list.map(({ provider, kind }) => {
              const content = (
                <>
                  <ProviderLogo path={provider.logo_path} imageUrl={imageUrl} />
                  <span>{provider.provider_name}</span>
                  {key === 'yours' && <span className="text-xs text-slate-400">{kind}</span>}
                </>
              )
              return (
                <li key={provider.provider_id}>
                  {link ? (
                    <a
                      href={link}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`${provider.provider_name} (${kind}, opens in a new tab)`}
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
  const visitor = useVisitor()
  const serviceIds = useServiceIds()
  const { demo } = useTmdb().config
  if (!providers) return null
  const regions = Object.keys(providers.results)
  const offers = region ? providers.results[region] : undefined
  return (
    <section aria-labelledby="where-to-watch-heading" className="max-w-3xl space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="where-to-watch-heading" className="text-2xl font-bold text-white">
          {movieMessages.whereToWatch}
        </h2>
        {region && new Set([...regions, region]).size > 1 && (
          <RegionSelect region={region} codes={regions} label={movieMessages.region} compact />
        )}
      </div>
      {region &&
        (offers ? (
          <Offers offers={offers} region={region} />
        ) : (
          <p className="text-slate-300">{movieMessages.notStreaming(regionName(region))}</p>
        ))}
      {demo && <p className="text-sm text-slate-400">{movieMessages.demoHasNoStreaming}</p>}
      {visitor && region && (
        <p className="text-sm">
          <Link
            to="/account/services"
            className="font-semibold text-brand underline underline-offset-2"
          >
            {serviceIds.size > 0 ? movieMessages.changeServices : movieMessages.chooseServices}
          </Link>
        </p>
      )}
      <p className="text-xs text-slate-400">{movieMessages.justWatch}</p>
    </section>
  )
}
