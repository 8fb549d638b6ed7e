import { fileURLToPath } from 'node:url'
import type { Plugin, Rolldown } from 'vite'

/** Where Vite's build imports the helper that each dynamic import() goes through. */
const VITE_PRELOAD_HELPER = '\0vite/preload-helper.js'
const APP_PRELOAD_HELPER = fileURLToPath(new URL('../src/lib/preload-chunks.ts', import.meta.url))

/**
 * The stylesheets that lazy chunks import and the entry does not: the app's helper leaves
 * stylesheets to index.html, which holds the entry's, so these would never load.
 */
export function lazyOnlyStylesheets(bundle: Rolldown.OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((output) => output.type === 'chunk')
  const sheetsOf = (chunk: Rolldown.OutputChunk) => [...(chunk.viteMetadata?.importedCss ?? [])]
  const entrySheets = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap(sheetsOf))
  return [...new Set(chunks.flatMap(sheetsOf))].filter((sheet) => !entrySheets.has(sheet))
}

/**
 * Gives the build's dynamic imports the app's helper (src/lib/preload-chunks.ts) instead of
 * Vite's, which is a kilobyte of the entry and fetches the stylesheet, inline in index.html,
 * a second time with the first lazy chunk. The build fails if a stylesheet would be lost.
 */
export function appPreloadHelper(): Plugin {
  return {
    name: 'app-preload-helper',
    apply: 'build',
    enforce: 'pre',
    resolveId: (id) => (id === VITE_PRELOAD_HELPER ? APP_PRELOAD_HELPER : null),
    generateBundle(_options, bundle) {
      const lost = lazyOnlyStylesheets(bundle)
      if (lost.length > 0) {
        this.error(`lazy chunks import stylesheets the page never loads: ${lost.join(', ')}`)
      }
    },
  }
}
