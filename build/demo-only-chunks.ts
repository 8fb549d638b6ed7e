import type { Plugin, Rollup } from 'vite'

/**
 * The build's files that only the static demo loads: the mock TMDB (src/mocks/browser.ts),
 * the mock library and everything else reached through it and from nowhere else. That mode
 * never registers the app's service worker, so the worker's precache leaves them out (they
 * are most of the build's bytes).
 */
export function demoOnlyChunks(): { plugin: Plugin; files: Set<string> } {
  const files = new Set<string>()
  const plugin: Plugin = {
    name: 'demo-only-chunks',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        files.clear()
        for (const file of demoOnlyFiles(bundle)) files.add(file)
      },
    },
  }
  return { plugin, files }
}

const DEMO_WORKER_MODULE = /\/src\/mocks\/browser\.ts$/

export function demoOnlyFiles(bundle: Rollup.OutputBundle): string[] {
  const chunks = Object.values(bundle).filter(
    (output): output is Rollup.OutputChunk => output.type === 'chunk',
  )
  const isDemoRoot = (chunk: Rollup.OutputChunk) =>
    chunk.moduleIds.some((id) => DEMO_WORKER_MODULE.test(id))
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))

  /** Every file reached from `start` through imports of either kind, not entering `skip`. */
  const reach = (start: Rollup.OutputChunk[], skip: (chunk: Rollup.OutputChunk) => boolean) => {
    const seen = new Set<string>()
    const queue = start.filter((chunk) => !skip(chunk))
    while (queue.length > 0) {
      const chunk = queue.pop()
      if (!chunk || seen.has(chunk.fileName)) continue
      seen.add(chunk.fileName)
      for (const file of [...chunk.imports, ...chunk.dynamicImports]) {
        const next = byName.get(file)
        if (next && !skip(next)) queue.push(next)
        else if (!next) seen.add(file)
      }
      // Assets a chunk imports (the demo catalog's JSON).
      for (const file of chunk.viteMetadata?.importedAssets ?? []) seen.add(file)
    }
    return seen
  }

  const demoRoots = chunks.filter(isDemoRoot)
  if (demoRoots.length === 0) return []
  const fromApp = reach(
    chunks.filter((chunk) => chunk.isEntry),
    isDemoRoot,
  )
  return [...reach(demoRoots, () => false)].filter((file) => !fromApp.has(file))
}
