import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Plugin } from 'vite'

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/**
 * sonner injects its stylesheet as a <style> element at run time: it appends the element empty,
 * then fills it. Rather than allow every inline style, the policy allows exactly those two
 * states, by the hashes of their text.
 */
function sonnerStyleHashes(): string {
  const require = createRequire(import.meta.url)
  const source = readFileSync(require.resolve('sonner').replace(/index\.js$/, 'index.mjs'), 'utf8')
  const literal = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(source)?.[1]
  if (!literal) throw new Error('sonner no longer injects its CSS as expected: update the CSP')
  const css = JSON.parse(literal) as string
  return `${sha256('')} ${sha256(css)}`
}

export function buildContentSecurityPolicy({
  apiUrl,
  imageUrl,
  inlineStyles = [],
}: {
  apiUrl: string
  imageUrl: string
  /** The text of each <style> element in the page itself. */
  inlineStyles?: string[]
}): string {
  const api = new URL(apiUrl).origin
  const images = new URL(imageUrl).origin
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' ${[...inlineStyles.map(sha256), sonnerStyleHashes()].join(' ')}`,
    `img-src 'self' data: ${images}`,
    `connect-src 'self' ${api} ${images}`,
    // The demo build's mock TMDB is a service worker served from this origin.
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ')
}

/**
 * Puts the policy in the built index.html (a meta tag: the app is static and host-agnostic).
 * Runs last, so it sees the page's final inline styles.
 */
export function contentSecurityPolicy(urls: { apiUrl: string; imageUrl: string }): Plugin {
  return {
    name: 'content-security-policy',
    // The dev server relies on inline scripts for hot reloading: the policy is for builds.
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        const inlineStyles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
          (match) => match[1] ?? '',
        )
        return [
          {
            tag: 'meta',
            attrs: {
              'http-equiv': 'Content-Security-Policy',
              content: buildContentSecurityPolicy({ ...urls, inlineStyles }),
            },
            injectTo: 'head-prepend',
          },
        ]
      },
    },
  }
}
