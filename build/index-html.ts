import type { IndexHtmlTransformContext, Plugin, Rolldown } from 'vite'

/**
 * A chunk and every chunk it imports statically, transitively: what the browser fetches to
 * run it. File names as in the bundle, without the base.
 */
export function staticImportClosure(
  bundle: Rolldown.OutputBundle,
  fileName: string,
  files: Set<string> = new Set(),
): Set<string> {
  const output = bundle[fileName]
  if (output?.type !== 'chunk' || files.has(fileName)) return files
  files.add(fileName)
  for (const imported of output.imports) staticImportClosure(bundle, imported, files)
  return files
}

/** Puts `markup` in index.html just before the entry script, so the browser meets it first. */
export function insertBeforeEntryScript(html: string, markup: string): string {
  const entryScript = html.indexOf('<script type="module"')
  if (entryScript === -1) throw new Error('index.html has no module script')
  return html.slice(0, entryScript) + markup + html.slice(entryScript)
}

/**
 * A build-only plugin that rewrites the built index.html after every other plugin, given the
 * bundle and the public base its URLs start with.
 */
export function builtPagePlugin(
  name: string,
  rewrite: (
    html: string,
    build: Required<Pick<IndexHtmlTransformContext, 'bundle' | 'chunk'>> & { base: string },
  ) => string,
): Plugin {
  let base = '/'
  return {
    name,
    apply: 'build',
    configResolved: (config) => {
      base = config.base
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle, chunk }) =>
        bundle && chunk ? rewrite(html, { bundle, chunk, base }) : html,
    },
  }
}
