import type { Plugin } from 'vite'

/**
 * Moves the built stylesheet into index.html as a <style> element. The sheet is small (about
 * 5 KiB compressed) and the static shell needs it for the first paint: inline, that paint waits
 * for the page alone instead of for a second render-blocking request. Nothing fetches the file
 * after that (the app's dynamic-import helper leaves stylesheets out: build/preload-helper.ts),
 * so it leaves the build. Runs before the content-security-policy plugin, which allows the
 * inline style by its hash.
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
            Reflect.deleteProperty(bundle, fileName)
            return `<style>${String(asset.source)}</style>`
          },
        )
      },
    },
  }
}
