// @vitest-environment node
import { execFileSync } from 'node:child_process'
import { cpSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT, tempDir } from './support'

describe('the migrations', () => {
  let dir: ReturnType<typeof tempDir>
  beforeAll(() => {
    dir = tempDir()
  })
  afterAll(() => {
    dir.remove()
  })

  it('are up to date with server/db/schema.ts (npm run db:generate has nothing to add)', () => {
    const migrations = join(dir.path, 'migrations')
    cpSync(join(ROOT, 'server/db/migrations'), migrations, { recursive: true })
    const before = readdirSync(migrations)
    const output = execFileSync(
      join(ROOT, 'node_modules/.bin/drizzle-kit'),
      [
        'generate',
        '--dialect=postgresql',
        '--schema=server/db/schema.ts', // drizzle-kit takes the folder relative to where it runs.
        `--out=${relative(ROOT, migrations)}`,
      ],
      { cwd: ROOT, encoding: 'utf8' },
    )
    expect(output).toContain('No schema changes')
    expect(readdirSync(migrations)).toEqual(before)
  })
})
