import type { Plugin, Rolldown } from 'vite'

/**
 * The chunks other than the entry that load a stylesheet themselves when they run. (The entry's
 * sheets are the page's <link>s, which this plugin inlines.)
 */
export function chunksImportingCss(bundle: Rolldown.OutputBundle, cssFile: string): string[] {
  return Object.values(bundle)
    .filter(
      (output): output is Rolldown.OutputChunk =>
        output.type === 'chunk' &&
        !output.isEntry &&
        Boolean(output.viteMetadata?.importedCss.has(cssFile)),
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
            const importers = chunksImportingCss(bundle, fileName)
            if (importers.length > 0) {
              // A lazy chunk would load the file at run time, and find it missing.
              throw new Error(
                `inline-stylesheet: ${fileName} is also imported by ${importers.join(', ')}; it cannot be inlined and removed`,
              )
            }
            // Nothing else links to the sheet, so the separate file is not emitted at all.
            Reflect.deleteProperty(bundle, fileName)
            return `<style>${String(asset.source)}</style>`
          },
        )
      },
    },
  }
}
