import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { servedPagePolicies } from '@/shared/content-security-policy'
import { ACCOUNTS_META } from '@/shared/accounts-meta'
import { SERVED_TMDB_META } from '@/shared/tmdb-config'
import { ConfigError } from './config'

export interface ServedPage {
  html: Buffer
  br: Buffer
  gzip: Buffer
  /** The Content-Security-Policy header: the page's own policy plus what only a header says. */
  contentSecurityPolicy: string
}

const CSP_META = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"\s*\/?>/
/** index.html's static home banner: its section holds no other section. */
const HOME_SHELL = /<section\s+data-home-shell[^>]*>[\s\S]*?<\/section>/
const STARTUP_PRELOADS = /<link rel="modulepreload"[^>]*>\s*/g

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

/** What a page may carry beyond the built one. */
export interface PageAdditions {
  /** Tags for the head, after the server's own: the browser meets them first. */
  head: string
  /** Elements for the end of the body. */
  body: string
  /**
   * The page's view, drawn in place of the static shell's home banner (index.html), and shown
   * to a visitor nobody is signed in as (public/theme.js says who that is). Such a page
   * paints its view without a script, so it leaves the app's code to the entry to ask for
   * rather than preloading it: the page's images then have the connection to themselves.
   */
  pageView?: string | undefined
}

export interface ServedIndexHtml extends ServedPage {
  /**
   * This page with `additions`, compressed at a quicker setting: it is made while a visitor
   * waits, where the plain page is made once, at start.
   */
  with: (additions: PageAdditions) => ServedPage
}

/**
 * Quick, as for the proxy's answers: on the home page with TMDB's answer, 1 ms rather than
 * brotli's best at 54 ms, for 12% more bytes. The plain page, made once, gets the best.
 */
const QUICK_BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }

/**
 * The built index.html as this server sends it: a meta tag telling the page to call the API
 * here (read by src/config/env.ts; a tag, not an inline script, so the CSP keeps
 * `script-src 'self'`), the policy narrowed to this origin, and, in front of TMDB, a
 * preconnect to the image host. Made once, at start, with its compressed copies.
 */
export function servedIndexHtml(
  builtHtml: string,
  {
    apiBase,
    imageUrl,
    demo,
    accounts = 'local',
  }: { apiBase: string; imageUrl: string; demo: boolean; accounts?: 'server' | 'local' },
): ServedIndexHtml {
  const builtMeta = CSP_META.exec(builtHtml)
  if (builtMeta?.[1] === undefined) {
    throw new ConfigError('index.html has no Content-Security-Policy: rebuild with "npm run build"')
  }
  const builtPolicy = unescapeAttribute(builtMeta[1])
  const imageOrigin = imageOriginOf(imageUrl)
  const policies = servedPagePolicies(builtPolicy, { imageOrigin })
  const tags = [
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policies.meta)}">`,
    `<meta name="${SERVED_TMDB_META}" content="${escapeAttribute(apiBase)}" data-image-url="${escapeAttribute(imageUrl)}"${demo ? ' data-demo' : ''}>`,
    `<meta name="${ACCOUNTS_META}" content="${accounts}">`,
    ...(imageOrigin ? [`<link rel="preconnect" href="${escapeAttribute(imageOrigin)}">`] : []),
  ].join('\n    ')
  const served = builtHtml.replace(CSP_META, () => tags)
  const headAdditionsAt = builtMeta.index + tags.length
  const bodyEnd = served.lastIndexOf('</body>')
  if (bodyEnd === -1) {
    throw new ConfigError('index.html has no </body>: rebuild with "npm run build"')
  }
  const html = Buffer.from(served)
  return {
    html,
    br: brotliCompressSync(html),
    gzip: gzipSync(html),
    contentSecurityPolicy: policies.header,
    with: ({ head, body, pageView }) => {
      const page = Buffer.from(
        served.slice(0, headAdditionsAt) +
          (head && `\n    ${head}`) +
          withPageView(served.slice(headAdditionsAt, bodyEnd), pageView) +
          body +
          served.slice(bodyEnd),
      )
      return {
        html: page,
        br: brotliCompressSync(page, QUICK_BROTLI),
        gzip: gzipSync(page),
        contentSecurityPolicy: policies.header,
      }
    },
  }
}

/** `html` with `pageView` in the home banner's place; as it is without one, or without a banner. */
function withPageView(html: string, pageView: string | undefined): string {
  const entryScript = html.indexOf('<script type="module"')
  if (pageView === undefined || entryScript === -1 || !HOME_SHELL.test(html)) return html
  return (
    // The start-up chunks' preloads, which the build puts just before the entry
    // (build/startup-chunks.ts); what the entry imports itself stays preloaded.
    html.slice(0, entryScript).replace(STARTUP_PRELOADS, '') +
    // A function, so that no "$&" in the view is read as a pattern.
    html.slice(entryScript).replace(HOME_SHELL, () => `<div data-page-view>${pageView}</div>`)
  )
}
