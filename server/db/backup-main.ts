import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { ConfigError, readDatabaseConfig } from '../config'
import { writeBackup } from './backup'

/** `npm run db:backup [file]`: see docs/operations.md (Backups). */
async function main() {
  const database = readDatabaseConfig(process.env)
  if (database.kind === 'postgres') {
    throw new ConfigError(
      'DATABASE_URL is set: back PostgreSQL up with pg_dump (pg_dump --format=custom --file=cinelist.dump "$DATABASE_URL")',
    )
  }
  const stamp = new Date().toISOString().slice(0, 19).replaceAll(':', '')
  const file = resolve(process.argv[2] ?? `cinelist-${stamp}Z.tar.gz`)
  if (existsSync(file)) throw new ConfigError(`${file} already exists`)
  const { bytes, from } = await writeBackup(database.dataDir, file)
  console.log(`Backup of ${database.dataDir} written by ${from} to ${file} (${bytes} bytes)`)
}

main().catch((error: unknown) => {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
