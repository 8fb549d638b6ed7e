import { readRealData } from './real-data'

/** A recorded TMDB body from the shared real data (`tmdb/…`, see its PROVENANCE.md). */
export const readRealTmdb = (path: string): unknown =>
  JSON.parse(new TextDecoder().decode(readRealData(`tmdb/${path}`)))

/** Fight Club's recorded offers in every country (`/3/movie/550/watch/providers`). */
export const fightClubOffers = readRealTmdb('people/ceg-movie-550-watch-providers.json') as Record<
  string,
  unknown
>

/** Fight Club's recorded details, with its recorded `watch/providers` part appended. */
export const fightClubWithOffers = {
  ...(readRealTmdb('movie/ceg-550-details.json') as Record<string, unknown>),
  'watch/providers': fightClubOffers,
}
