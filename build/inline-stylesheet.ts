import type { Plugin, Rolldown } from 'vite'
import { staticImportClosure } from './index-html.ts'

/**
 * The lazily loaded chunks that would fetch a stylesheet when they load: those that import it
 * themselves, and those that import, directly or not, a chunk that does (the entry, say): Vite
 * preloads the stylesheets of everything a dynamic import brings in.
 */
export function chunksLoadingCss(bundle: Rolldown.OutputBundle, cssFile: string): string[] {
  const importsSheet = (fileName: string) => {
    const output = bundle[fileName]
    return output?.type === 'chunk' && Boolean(output.viteMetadata?.importedCss.has(cssFile))
  }
  return Object.values(bundle)
    .filter(
      (output): output is Rolldown.OutputChunk =>
        output.type === 'chunk' &&
        output.isDynamicEntry &&
        [...staticImportClosure(bundle, output.fileName)].some(importsSheet),
    )
    .map((chunk) => chunk.fileName)
}

/**
 * Moves the built stylesheet into index.html as a <style> element. The sheet is small (about
 * 5 KiB compressed) and the static shell needs it for the first paint: inline, that paint waits
 * for the page alone instead of for a second render-blocking request. Runs before the
 * content-security-policy plugin, which allows the inline style by its hash.
 */
export function inlineStylesheet(): Plugin {
  return {
    name: 'inline-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) => {
        if (!bundle) return html
        return html.replace(
          /<link rel="stylesheet"[^>]*href="[^"]*\/(assets\/[^"]+\.css)"[^>]*>/g,
          (tag, fileName: string) => {
            const asset = bundle[fileName]
            if (asset?.type !== 'asset') return tag
            // A lazy chunk that would fetch the file at run time needs it to stay (a missing
            // stylesheet fails the chunk's load); otherwise nothing else needs the file.
            if (chunksLoadingCss(bundle, fileName).length === 0) {
              Reflect.deleteProperty(bundle, fileName)
            }
            return `<style>${String(asset.source)}</style>`
          },
        )
      },
    },
  }
}
