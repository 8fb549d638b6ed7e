import { readServedTmdbSettings, readTmdbConfig, type TmdbConfig } from '@/shared/tmdb-config'

export {
  readServedTmdbSettings,
  readTmdbConfig,
  type ServedTmdbSettings,
  type TmdbConfig,
} from '@/shared/tmdb-config'

export const tmdbConfig: TmdbConfig = readTmdbConfig(
  import.meta.env,
  typeof document === 'undefined' ? undefined : readServedTmdbSettings(document),
)
