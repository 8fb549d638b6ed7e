import type { Rolldown } from 'vite'

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
