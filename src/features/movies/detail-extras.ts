import type { MovieDetail } from '@/lib/tmdb'

export const CAST_LIMIT = 10
export const RECOMMENDATIONS_LIMIT = 10

/** 148 → "2h 28m", 45 → "45m", 120 → "2h"; nothing for 0 or less, TMDB's "unknown". */
export function displayRuntime(minutes: number | null | undefined): string | undefined {
  if (!minutes || !Number.isFinite(minutes) || minutes <= 0) return undefined
  const total = Math.round(minutes)
  const hours = Math.floor(total / 60)
  const rest = total % 60
  return [hours ? `${String(hours)}h` : '', rest ? `${String(rest)}m` : '']
    .filter(Boolean)
    .join(' ')
}

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
})

export const displayDollars = (amount: number | null | undefined): string | undefined =>
  amount && Number.isFinite(amount) && amount > 0 ? dollars.format(amount) : undefined

/** The film's directors, once each, with the TMDB id their page is at when TMDB gives one. */
export function directors(credits: MovieDetail['credits']): { id?: number; name: string }[] {
  const seen = new Set<string>()
  return (credits?.crew ?? []).flatMap((member) => {
    const name = member.name.trim()
    if (member.job !== 'Director' || !name || seen.has(name)) return []
    seen.add(name)
    return [member.id ? { id: member.id, name } : { name }]
  })
}

export function billedCast(credits: MovieDetail['credits']) {
  return [...(credits?.cast ?? [])]
    .filter((member) => member.name.trim())
    .sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity))
    .slice(0, CAST_LIMIT)
}

export function usCertification(releaseDates: MovieDetail['release_dates']): string | undefined {
  const us = releaseDates?.results.find((country) => country.iso_3166_1 === 'US')
  const certified = (us?.release_dates ?? []).filter((release) => release.certification?.trim())
  const theatrical = certified.find((release) => release.type === 3)
  return (theatrical ?? certified[0])?.certification?.trim()
}

export function trailerUrl(videos: MovieDetail['videos']): string | undefined {
  const trailer = videos?.results.find(
    (video) =>
      video.site === 'YouTube' && video.type === 'Trailer' && video.official === true && video.key,
  )
  return trailer && `https://www.youtube.com/watch?v=${encodeURIComponent(trailer.key)}`
}
