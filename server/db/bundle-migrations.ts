import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'

/** The SQL migrations and drizzle's journal in dist-server/migrations/, where migrate.ts looks. */
export function bundleMigrations(folder: string): Plugin {
  return {
    name: 'bundle-migrations',
    generateBundle() {
      const files = [
        ...readdirSync(folder).filter((name) => name.endsWith('.sql')),
        'meta/_journal.json',
      ]
      for (const file of files) {
        this.emitFile({
          type: 'asset',
          fileName: `migrations/${file}`,
          source: readFileSync(join(folder, file)),
        })
      }
    },
  }
}
