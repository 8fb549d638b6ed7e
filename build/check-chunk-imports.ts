import { parseSync, type Plugin, type Rolldown } from 'vite'

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

/**
 * What the browser would reject in a chunk before running it: an export of a name the chunk
 * never declares, say, which chunk grouping has produced. Parsed as the browser parses a module,
 * with the checks that come after the syntax.
 */
export function chunkLoadErrors(bundle: Rolldown.OutputBundle): string[] {
  return Object.values(bundle).flatMap((output) =>
    output.type === 'chunk'
      ? parseSync(output.fileName, output.code, {
          sourceType: 'module',
          showSemanticErrors: true,
        }).errors.map((error) => `${output.fileName}: ${error.message}`)
      : [],
  )
}

/**
 * Fails the build when a chunk would not load: it imports a name that its chunk does not
 * export, or the browser would reject its code.
 */
export function checkChunkImports(): Plugin {
  return {
    name: 'check-chunk-imports',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const problems = [...unresolvedImports(bundle), ...chunkLoadErrors(bundle)]
        if (problems.length > 0) this.error(`The bundle would not load:\n${problems.join('\n')}`)
      },
    },
  }
}
