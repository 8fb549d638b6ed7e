import type { DatabaseConfig } from '../config'
import type { DatabaseLog, OpenDatabase } from './database'

/** The configured database, migrated; each driver is loaded only when used. */
export async function openDatabase(
  config: DatabaseConfig,
  log: DatabaseLog,
): Promise<OpenDatabase> {
  const started = performance.now()
  const opened =
    config.kind === 'postgres'
      ? await (await import('./postgres')).openPostgres(config.url, log)
      : await (await import('./embedded')).openEmbedded(config.dataDir, log)
  log.info(
    {
      database: config.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : config.dataDir,
      ms: Math.round(performance.now() - started),
    },
    'database ready',
  )
  return opened
}
