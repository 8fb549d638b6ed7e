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
  contentSecurityPolicy: string
}

/** The app as src/ssr/entry-server.tsx rendered it: `<title>` and preloads, and #root's markup. */
export interface AppMarkup {
  head: string
  html: string
}

export interface PageTemplate {
  /** index.html as a static host sends it, for the browser to render. */
  appShell: ServedPage
  withApp: (app: AppMarkup, nonce: string) => ServedPage
}

// Vite's page runs Vite's inline scripts: its policy only forbids framing.
const DEV_PAGE_POLICY = "frame-ancestors 'none'"

const CSP_META = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"\s*\/?>/
const TITLE = /<title>[^<]*<\/title>/
const DESCRIPTION = /<meta\s+name="description"[^>]*>/
const ROOT_START = '<div id="root">'
const MODULE_PRELOADS = /<link rel="modulepreload"[^>]*>\s*/g
const ENTRY_SCRIPT = /<script type="module"[^>]*><\/script>\s*/

const ENTITIES: Record<string, string> = {
  '&#39;': "'",
  '&quot;': '"',
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
}
const unescapeAttribute = (value: string) =>
  value.replace(/&(?:#39|quot|lt|gt|amp);/g, (entity) => ENTITIES[entity] ?? entity)

export const imageOriginOf = (imageUrl: string): string | undefined =>
  /^https?:/.test(imageUrl) ? new URL(imageUrl).origin : undefined

export const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/** index.html as sent: the meta tags src/config/env.ts reads, the narrowed policy, preconnect. */
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
  const TAGS = '\u0000tags\u0000'
  const head = builtMeta
    ? indexHtml.slice(0, rootStart).replace(CSP_META, TAGS)
    : indexHtml.slice(0, rootStart).replace('<head>', `<head>\n    ${TAGS}`)

  // No script preloads, and the entry at the end: the lead poster has the connection to itself.
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
          .replace(DESCRIPTION, (meta) => (app.head.includes('name="description"') ? '' : meta))
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
