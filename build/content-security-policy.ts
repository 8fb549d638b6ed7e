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

/** A policy's directives by name, in their order, each with its sources. */
export function parsePolicy(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>()
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (name) directives.set(name.toLowerCase(), sources)
  }
  return directives
}

export const serializePolicy = (directives: Map<string, string[]>): string =>
  [...directives].map(([name, sources]) => [name, ...sources].join(' ')).join('; ')

/**
 * The policies of a page sent by the app's server (`npm start`), which answers the API on the
 * page's own origin: the built policy, with connect-src narrowed to that origin (no request
 * from the page may reach TMDB's API host) and img-src to it and the image host. The header adds
 * what only a header can say: no framing. Derived from the built page's own policy, so the two
 * that browsers enforce together cannot drift apart.
 */
export function servedPagePolicies(
  builtPolicy: string,
  { imageOrigin }: { imageOrigin: string | undefined },
): { meta: string; header: string } {
  const directives = parsePolicy(builtPolicy)
  const images = imageOrigin ? [imageOrigin] : []
  directives.set('img-src', ["'self'", 'data:', ...images])
  directives.set('connect-src', ["'self'", ...images])
  const meta = serializePolicy(directives)
  directives.set('frame-ancestors', ["'none'"])
  return { meta, header: serializePolicy(directives) }
}

/**
 * The policy of everything the server sends that is not the page: scripts, styles, JSON,
 * images, errors. Browsers apply a policy only to a document (or a worker), so the page's long
 * one would be dead weight on each of these; this one still forbids framing, and locks down
 * anything opened directly in a tab.
 */
export const SUBRESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'"

/**
 * The policy of the service worker's script (sw.js), which the worker runs under: under
 * SUBRESOURCE_POLICY it could fetch nothing, so it would never install. It fetches the app's
 * own files and API (its origin) and the posters (the image host, when that is another
 * origin); it loads no other script (the build bundles it whole).
 */
export function serviceWorkerPolicy({ imageOrigin }: { imageOrigin: string | undefined }): string {
  return [
    "default-src 'none'",
    ['connect-src', "'self'", ...(imageOrigin ? [imageOrigin] : [])].join(' '),
    "frame-ancestors 'none'",
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
