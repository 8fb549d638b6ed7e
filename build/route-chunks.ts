import { relative } from 'node:path'
import type { Plugin } from 'vite'
import { builtPagePlugin, insertBeforeEntryScript, staticImportClosure } from './index-html.ts'

/** The JSON element that src/app/prefetch-first-page.ts reads. */
const ELEMENT_ID = 'route-chunks'
/** The router plugin loads a route's component from a module with this query (autoCodeSplitting). */
const COMPONENT_SPLIT = '?tsr-split=component'

/**
 * A route file's id in the router, as routeTree.gen.ts spells it: '.' and '/' both nest, and
 * a trailing index or route segment is the route itself. search.tsx is '/search',
 * movie.$movieId.tsx is '/movie/$movieId'.
 */
function routeIdOfFile(fileInRoutes: string): string {
  const segments = fileInRoutes.replace(/\.[jt]sx?$/, '').split(/[./\\]/)
  if (segments.at(-1) === 'index' || segments.at(-1) === 'route') segments.pop()
  return `/${segments.join('/')}`
}

/**
 * Writes into index.html, as a JSON data block (not run, so the CSP has nothing to allow), the
 * files each lazy route's component needs beyond what the page already loads. The entry reads
 * it to fetch the landing route's component alongside React and the app: otherwise the router
 * asks for it only once the app has run, a round trip late, with the page's content waiting.
 */
export function routeChunkManifest({ routesDirectory }: { routesDirectory: string }): Plugin {
  return builtPagePlugin('route-chunk-manifest', (html, { bundle, base }) => {
    const loadedByPage = new Set(
      [...html.matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((match) => match[1]),
    )
    const manifest: Record<string, string[]> = {}
    for (const output of Object.values(bundle)) {
      const module = output.type === 'chunk' ? output.facadeModuleId : null
      if (output.type !== 'chunk' || !module?.endsWith(COMPONENT_SPLIT)) continue
      const file = relative(routesDirectory, module.slice(0, -COMPONENT_SPLIT.length))
      manifest[routeIdOfFile(file)] = [...staticImportClosure(bundle, output.fileName)]
        .map((name) => `${base}${name}`)
        .filter((url) => !loadedByPage.has(url))
    }
    // Every route but the landing page is split: finding none means the router plugin names
    // its chunks differently now, and the entry would silently stop preloading route code.
    if (Object.keys(manifest).length === 0) {
      throw new Error(
        `No route component chunk (${COMPONENT_SPLIT}) in the bundle: update build/route-chunks.ts`,
      )
    }
    // "<" escaped, so no route name could ever close the element early.
    const json = JSON.stringify(manifest).replaceAll('<', '\\u003c')
    const block = `<script type="application/json" id="${ELEMENT_ID}">${json}</script>\n    `
    return insertBeforeEntryScript(html, block)
  })
}
