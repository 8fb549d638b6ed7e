import { readServedTmdbSettings, readTmdbConfig, type TmdbConfig } from './tmdb-config'

export {
  readServedTmdbSettings,
  readTmdbConfig,
  SERVED_TMDB_META,
  type ServedTmdbSettings,
  type TmdbConfig,
} from './tmdb-config'

/** This page's TMDB settings: its server's, when a server sent it, else the build's. */
export const tmdbConfig: TmdbConfig = readTmdbConfig(
  import.meta.env,
  typeof document === 'undefined' ? undefined : readServedTmdbSettings(document),
)
