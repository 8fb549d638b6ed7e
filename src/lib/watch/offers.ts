import { STREAMING_OFFERS, type WatchProviders } from '@/lib/tmdb'

export type RegionOffers = WatchProviders['results'][string]
export type Provider = NonNullable<RegionOffers['flatrate']>[number]
export type StreamingOffer = (typeof STREAMING_OFFERS)[number]

/** The chosen services a film streams on in a country (subscription, free or with ads). */
export function streamingOn(
  offers: RegionOffers | undefined,
  serviceIds: ReadonlySet<number>,
): { provider: Provider; offer: StreamingOffer }[] {
  if (!offers || serviceIds.size === 0) return []
  const seen = new Set<number>()
  const found: { provider: Provider; offer: StreamingOffer }[] = []
  for (const offer of STREAMING_OFFERS) {
    for (const provider of offers[offer] ?? []) {
      if (!serviceIds.has(provider.provider_id) || seen.has(provider.provider_id)) continue
      seen.add(provider.provider_id)
      found.push({ provider, offer })
    }
  }
  return found
}
