import type { Plugin } from 'vite'

const MANIFEST_LINK = /<link rel="manifest"[^>]*>/g

/**
 * Takes the web app manifest's link, which vite-plugin-pwa writes, out of the built page; the
 * app links it once the page has loaded (src/features/pwa/web-manifest.ts). It must run after
 * that plugin's own `post` hook, so it is `enforce: 'post'` and listed after it.
 */
export function manifestLinkedByApp(): Plugin {
  return {
    name: 'manifest-linked-by-app',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(MANIFEST_LINK)?.length ?? 0
        // A plugin update that writes the link differently must not leave it in unnoticed.
        if (links !== 1) {
          throw new Error(`expected one web app manifest link in index.html, found ${links}`)
        }
        return html.replace(MANIFEST_LINK, '')
      },
    },
  }
}
