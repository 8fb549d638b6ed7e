import { brotliCompressSync, gzipSync } from 'node:zlib'
import { servedPagePolicies } from '@/shared/content-security-policy'
import { ACCOUNTS_META } from '@/shared/accounts-meta'
import { SERVED_TMDB_META } from '@/shared/tmdb-config'
import { encodeQuickly } from '../../../compression/encode'
import { ConfigError } from '../../../config'

export interface ServedPage {
  html: Buffer
  br: Buffer
  gzip: Buffer
  /** The Content-Security-Policy header. */
  contentSecurityPolicy: string
}

/** The app as the server rendered it (src/ssr/entry-server.tsx). */
export interface AppMarkup {
  /** The page's `<title>`, and the preloads React asks for. */
  head: string
  /** What goes in #root. */
  html: string
}

export interface PageTemplate {
  /** The page the browser renders alone: the static shell in #root, as a static host sends it. */
  appShell: ServedPage
  /** The page with the app rendered in #root, its scripts carrying `nonce`. */
  withApp: (app: AppMarkup, nonce: string) => ServedPage
}

/** The dev server's page runs Vite's inline scripts: its policy only forbids framing. */
const DEV_PAGE_POLICY = "frame-ancestors 'none'"

const CSP_META = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"\s*\/?>/
const TITLE = /<title>[^<]*<\/title>/
const ROOT_START = '<div id="root">'
const MODULE_PRELOADS = /<link rel="modulepreload"[^>]*>\s*/g
const ENTRY_SCRIPT = /<script type="module"[^>]*><\/script>\s*/

/** The entities Vite writes in attribute values. */
const ENTITIES: Record<string, string> = {
  '&#39;': "'",
  '&quot;': '"',
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
}
const unescapeAttribute = (value: string) =>
  value.replace(/&(?:#39|quot|lt|gt|amp);/g, (entity) => ENTITIES[entity] ?? entity)

/** The image host's origin; nothing when the images are on this server (a path). */
export const imageOriginOf = (imageUrl: string): string | undefined =>
  /^https?:/.test(imageUrl) ? new URL(imageUrl).origin : undefined

export const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/**
 * The built index.html (or, under `npm run dev`, Vite's) as this server sends it: meta tags
 * telling the page to call the API here (read by src/config/env.ts), the policy narrowed to
 * this origin, and, in front of TMDB, a preconnect to the image host; #root holds the static
 * shell, or the app the server rendered.
 */
export function pageTemplate(
  indexHtml: string,
  {
    apiBase,
    imageUrl,
    demo,
    accounts = 'local',
    dev = false,
  }: {
    apiBase: string
    imageUrl: string
    demo: boolean
    accounts?: 'server' | 'local'
    /** Vite's page, which has no policy of its own. */
    dev?: boolean
  },
): PageTemplate {
  const builtMeta = CSP_META.exec(indexHtml)
  if (!dev && builtMeta?.[1] === undefined) {
    throw new ConfigError('index.html has no Content-Security-Policy: rebuild with "npm run build"')
  }
  const rootStart = indexHtml.indexOf(ROOT_START)
  const rootEnd = indexHtml.lastIndexOf('</div>', indexHtml.lastIndexOf('</body>'))
  if (rootStart === -1 || rootEnd < rootStart) {
    throw new ConfigError('index.html has no #root: rebuild with "npm run build"')
  }
  const builtPolicy = builtMeta?.[1] === undefined ? undefined : unescapeAttribute(builtMeta[1])
  const imageOrigin = imageOriginOf(imageUrl)
  const policiesWith = (nonce?: string) =>
    builtPolicy === undefined ? undefined : servedPagePolicies(builtPolicy, { imageOrigin, nonce })
  const tags = (policy: string | undefined) =>
    [
      ...(policy === undefined
        ? []
        : [`<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policy)}">`]),
      `<meta name="${SERVED_TMDB_META}" content="${escapeAttribute(apiBase)}" data-image-url="${escapeAttribute(imageUrl)}"${demo ? ' data-demo' : ''}>`,
      `<meta name="${ACCOUNTS_META}" content="${accounts}">`,
      ...(imageOrigin ? [`<link rel="preconnect" href="${escapeAttribute(imageOrigin)}">`] : []),
    ].join('\n    ')
  // The served page's head, with a marker where each response's tags go.
  const TAGS = '\u0000tags\u0000'
  const head = builtMeta
    ? indexHtml.slice(0, rootStart).replace(CSP_META, TAGS)
    : indexHtml.slice(0, rootStart).replace('<head>', `<head>\n    ${TAGS}`)

  // A rendered page preloads no script, and asks for its entry at its end: the lead poster has
  // the connection to itself while the page paints, and the entry asks for what it imports.
  // (Vite's page, under `npm run dev`, keeps its scripts where Vite put them.)
  const entry = dev ? '' : (ENTRY_SCRIPT.exec(head)?.[0] ?? '')
  const renderedHead = head.replace(MODULE_PRELOADS, '').replace(entry, '')

  const appShellPolicies = policiesWith()
  const appShellHtml = Buffer.from(
    head.replace(TAGS, () => tags(appShellPolicies?.meta)) + indexHtml.slice(rootStart),
  )
  const appShell: ServedPage = {
    html: appShellHtml,
    br: brotliCompressSync(appShellHtml),
    gzip: gzipSync(appShellHtml),
    contentSecurityPolicy: appShellPolicies?.header ?? DEV_PAGE_POLICY,
  }

  return {
    appShell,
    withApp: (app, nonce) => {
      const policies = policiesWith(nonce)
      // Functions, so that no "$&" in the page is read as a pattern.
      const page = Buffer.from(
        renderedHead
          .replace(TAGS, () => tags(policies?.meta))
          .replace(TITLE, (title) => (app.head.includes('<title>') ? '' : title))
          .replace('</head>', () => `${app.head}</head>`) +
          `${ROOT_START}${app.html}</div>${entry}` +
          indexHtml.slice(rootEnd + '</div>'.length),
      )
      return {
        html: page,
        ...encodeQuickly(page),
        contentSecurityPolicy: policies?.header ?? DEV_PAGE_POLICY,
      }
    },
  }
}
