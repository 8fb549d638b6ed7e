import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'

/**
 * Puts the migrations the server runs at start (the SQL files and drizzle's journal) in
 * dist-server/migrations/, beside the bundle, where migrate.ts looks for them.
 */
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
