import { readServedTmdbSettings, readTmdbConfig, type TmdbConfig } from '@/shared/tmdb-config'

export {
  readServedTmdbSettings,
  readTmdbConfig,
  type ServedTmdbSettings,
  type TmdbConfig,
} from '@/shared/tmdb-config'

/** This page's TMDB settings: its server's, when a server sent it, else the build's. */
export const tmdbConfig: TmdbConfig = readTmdbConfig(
  import.meta.env,
  typeof document === 'undefined' ? undefined : readServedTmdbSettings(document),
)
