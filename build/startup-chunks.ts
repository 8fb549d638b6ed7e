import { resolve } from 'node:path'
import type { Plugin, Rolldown } from 'vite'
import { builtPagePlugin, insertBeforeEntryScript, staticImportClosure } from './index-html.ts'

const APP_CHUNK = 'app'
const REACT_CHUNK = 'react'
/** React DOM and what it needs: evaluated on its own, before the app (see src/main.tsx). */
const REACT_MODULES = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/

const isStartupChunk = (output: Rolldown.OutputChunk | Rolldown.OutputAsset | undefined) =>
  output?.type === 'chunk' && (output.name === APP_CHUNK || output.name === REACT_CHUNK)

/** Module ids reachable from `root` through static imports only. */
function staticGraph(root: string, context: Rolldown.ChunkingContext): Set<string> {
  const seen = new Set<string>()
  const pending = [root]
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue
    seen.add(id)
    pending.push(...(context.getModuleInfo(id)?.importedIds ?? []))
  }
  return seen
}

/**
 * Start-up code comes in three files. The entry (src/main.tsx) is small, so it runs early and
 * sends the landing page's TMDB request; React is one chunk, and the rest of what
 * src/app/start-app.tsx needs is another, so that each is evaluated in a task of its own. Left
 * alone, the bundler splits the modules that lazy routes share with the app into half a dozen
 * chunks, and on a phone every extra file is another connection in slow start.
 */
export function startupChunkGroups(root: string): Rolldown.CodeSplittingGroup[] {
  const entry = resolve(root, 'src/main.tsx')
  const app = resolve(root, 'src/app/start-app.tsx')
  const appOnly = new WeakMap<Rolldown.ChunkingContext, Set<string>>()
  return [
    { name: REACT_CHUNK, test: REACT_MODULES, priority: 1 },
    {
      debugName: APP_CHUNK,
      // Modules the entry already loads stay with the entry.
      includeDependenciesRecursively: false,
      name: (id, context) => {
        let modules = appOnly.get(context)
        if (!modules) {
          const loadedByEntry = staticGraph(entry, context)
          modules = new Set([...staticGraph(app, context)].filter((m) => !loadedByEntry.has(m)))
          appOnly.set(context, modules)
        }
        return modules.has(id) ? APP_CHUNK : null
      },
    },
  ]
}

/**
 * The entry loads React and the app with import(), which the browser would only discover once
 * the entry has run. Modulepreload links in index.html download them (and what they import)
 * alongside the entry instead. They come first: they are by far the largest files, and the
 * first requests get the connection the page itself warmed up.
 */
export function preloadStartupChunks(): Plugin {
  return builtPagePlugin('preload-startup-chunks', (html, { bundle, chunk, base }) => {
    const files = new Set<string>()
    for (const file of chunk.dynamicImports.filter((name) => isStartupChunk(bundle[name]))) {
      staticImportClosure(bundle, file, files)
    }
    // What the entry itself loads statically, Vite already preloads.
    for (const file of [chunk.fileName, ...chunk.imports]) files.delete(file)
    const links = [...files]
      .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">\n    `)
      .join('')
    return insertBeforeEntryScript(html, links)
  })
}

/**
 * Puts a compile hint for V8 (Chrome 136+) at the top of the start-up files: almost every
 * function in them runs at start-up. They are then compiled as they stream in, on a background
 * thread, instead of one by one on the main thread at their first call, which made start-up
 * tasks about twice as long. Other browsers read a comment. Added last, once the file is
 * minified and Vite has put its own preamble first: the hint counts only at the very top.
 */
export function compileStartupChunksEagerly(): Plugin {
  return {
    name: 'compile-startup-chunks-eagerly',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler: (_options, bundle) => {
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk' && (output.isEntry || isStartupChunk(output))) {
            output.code = `//# allFunctionsCalledOnLoad\n${output.code}`
          }
        }
      },
    },
  }
}
