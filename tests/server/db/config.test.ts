// @vitest-environment node
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, readDatabaseConfig, readServerConfig } from '../../../server/config'

describe('the database’s configuration', () => {
  it('is the embedded database in ./data unless told otherwise', () => {
    expect(readServerConfig({}).database).toEqual({ kind: 'embedded', dataDir: resolve('data') })
    expect(readDatabaseConfig({ DATA_DIR: ' /srv/cinelist ' })).toEqual({
      kind: 'embedded',
      dataDir: '/srv/cinelist',
    })
  })

  it('is PostgreSQL when DATABASE_URL is set, whatever DATA_DIR says', () => {
    for (const url of [
      'postgres://app:pw@db:5432/cinelist',
      'postgresql://db/cinelist?sslmode=require',
    ]) {
      expect(readDatabaseConfig({ DATABASE_URL: url, DATA_DIR: '/srv/x' })).toEqual({
        kind: 'postgres',
        url,
      })
    }
  })

  it.each(['mysql://app:s3cret-pw@db/cinelist', 'not a url s3cret-pw', 'db:5432/s3cret-pw'])(
    'names a bad DATABASE_URL in one line, never repeating it: %s',
    (DATABASE_URL) => {
      const read = () => readServerConfig({ DATABASE_URL })
      expect(read).toThrow(ConfigError)
      expect(read).toThrow('DATABASE_URL must be a postgres:// or postgresql:// URL')
      try {
        read()
      } catch (error) {
        expect((error as Error).message).not.toContain('s3cret')
      }
    },
  )
})
