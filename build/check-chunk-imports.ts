import type { Plugin, Rolldown } from 'vite'

/** `import{a as b,c}from"./chunk.js"` in built code (minified or not). */
const STATIC_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']\.\/([^"']+)["']/g

/**
 * The names each chunk imports from another chunk that the other chunk does not export. Such a
 * bundle throws a SyntaxError on load, on every page: custom chunk grouping can cause it.
 */
export function unresolvedImports(bundle: Rolldown.OutputBundle): string[] {
  const problems: string[] = []
  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk') continue
    const directory = output.fileName.includes('/') ? output.fileName.replace(/[^/]+$/, '') : ''
    for (const [, names = '', file = ''] of output.code.matchAll(STATIC_IMPORT)) {
      const target = bundle[`${directory}${file}`]
      if (target?.type !== 'chunk') continue
      for (const name of names.split(',').map((part) => part.trim().split(/\s+as\s+/)[0])) {
        if (name && !target.exports.includes(name)) {
          problems.push(
            `${output.fileName} imports "${name}" from ${target.fileName}, which does not export it`,
          )
        }
      }
    }
  }
  return problems
}

/** Fails the build when a chunk imports a name that its chunk does not export. */
export function checkChunkImports(): Plugin {
  return {
    name: 'check-chunk-imports',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const problems = unresolvedImports(bundle)
        if (problems.length > 0) this.error(`The bundle would not load:\n${problems.join('\n')}`)
      },
    },
  }
}
