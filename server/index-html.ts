import { brotliCompressSync, gzipSync } from 'node:zlib'
import { servedPagePolicies } from '../build/content-security-policy'
import { SERVED_TMDB_META } from '../src/config/tmdb-config'
import { ConfigError } from './config'

export interface ServedPage {
  html: Buffer
  br: Buffer
  gzip: Buffer
  /** The Content-Security-Policy header: the page's own policy plus what only a header says. */
  contentSecurityPolicy: string
}

const CSP_META = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"\s*\/?>/

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

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/**
 * The built index.html as this server sends it: a meta tag telling the page to call the API
 * here (read by src/config/env.ts; a tag, not an inline script, so the CSP keeps
 * `script-src 'self'`), the policy narrowed to this origin, and, in front of TMDB, a
 * preconnect to the image host. Made once, at start, with its compressed copies.
 */
export function servedIndexHtml(
  builtHtml: string,
  { apiBase, imageUrl, demo }: { apiBase: string; imageUrl: string; demo: boolean },
): ServedPage {
  const builtAttribute = CSP_META.exec(builtHtml)?.[1]
  if (builtAttribute === undefined) {
    throw new ConfigError('index.html has no Content-Security-Policy: rebuild with "npm run build"')
  }
  const builtPolicy = unescapeAttribute(builtAttribute)
  const imageOrigin = /^https?:/.test(imageUrl) ? new URL(imageUrl).origin : undefined
  const policies = servedPagePolicies(builtPolicy, { imageOrigin })
  const tags = [
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policies.meta)}">`,
    `<meta name="${SERVED_TMDB_META}" content="${escapeAttribute(apiBase)}" data-image-url="${escapeAttribute(imageUrl)}"${demo ? ' data-demo' : ''}>`,
    ...(imageOrigin ? [`<link rel="preconnect" href="${escapeAttribute(imageOrigin)}">`] : []),
  ].join('\n    ')
  const html = Buffer.from(builtHtml.replace(CSP_META, () => tags))
  return {
    html,
    br: brotliCompressSync(html),
    gzip: gzipSync(html),
    contentSecurityPolicy: policies.header,
  }
}
