import { readRealData } from './real-data'

/** A recorded TMDB body from the shared real data (`tmdb/…`, see its PROVENANCE.md). */
export const readRealTmdb = (path: string): unknown =>
  JSON.parse(new TextDecoder().decode(readRealData(`tmdb/${path}`)))
