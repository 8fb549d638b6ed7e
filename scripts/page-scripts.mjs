// @ts-check
/**
 * What a built page downloads before its route renders, read from the build's own index.html:
 * its scripts, the start-up chunks it preloads, and the landing route's component files, which
 * the entry preloads from the list the build writes (build/route-chunks.ts). The byte budgets
 * (.size-limit.mjs, `npm run size`, the bench) are counted over these files.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The routes whose first download has a figure, and the budget of the landing page's.
 * @type {{ routeId: string, label: string, limitBytes?: number }[]}
 */
export const BUDGETED_PAGES = [
  // Each at least 3 % above what the page measures: room for a fix, not for a feature.
  { routeId: '/', label: 'JS for /', limitBytes: 130 * 1024 },
  { routeId: '/search', label: 'JS for /search', limitBytes: 135 * 1024 },
  { routeId: '/movie/$movieId', label: 'JS for /movie/{id}', limitBytes: 135 * 1024 },
  { routeId: '/login', label: 'JS for /login', limitBytes: 135 * 1024 },
]

/** @param {string} html @param {RegExp} pattern */
const attributeValues = (html, pattern) =>
  [...html.matchAll(pattern)].map((match) => match[1] ?? '')

/**
 * The script files (paths relative to `distDir`) a page of `routeId` loads at start-up.
 * @param {string} distDir
 * @param {string} routeId
 * @returns {string[]}
 */
export function pageScripts(distDir, routeId) {
  const indexFile = join(distDir, 'index.html')
  if (!existsSync(indexFile)) throw new Error(`${indexFile} is missing: run "npm run build" first`)
  const html = readFileSync(indexFile, 'utf8')
  const scripts = attributeValues(html, /<script[^>]*\ssrc="([^"]+)"/g)
  const preloaded = attributeValues(html, /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)
  const routeChunksJson =
    /<script type="application\/json" id="route-chunks">([^<]*)<\/script>/.exec(html)?.[1]
  /** @type {Partial<Record<string, string[]>>} */
  const routeChunks = routeChunksJson ? JSON.parse(routeChunksJson) : {}
  const files = [...scripts, ...preloaded, ...(routeChunks[routeId] ?? [])]
  return [...new Set(files.map((url) => url.replace(/^\//, '')))]
}

/**
 * Size Limit checks (gzip) for each budgeted page of the build in `distDir`.
 * @param {string} distDir
 */
export const pageScriptChecks = (distDir) =>
  BUDGETED_PAGES.map(({ routeId, label, limitBytes }) => ({
    name: label,
    path: pageScripts(distDir, routeId).map((file) => join(distDir, file)),
    gzip: true,
    ...(limitBytes ? { limit: `${limitBytes} B` } : {}),
  }))
