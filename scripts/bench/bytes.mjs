// @ts-check
/**
 * JavaScript and CSS weight: per file from the build folder (gzip computed here), and per route
 * as transferred on a cold-cache page load (body bytes sent by the static server, gzip).
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/**
 * @typedef {{ file: string, bytes: number, gzip: number }} FileSize
 * @typedef {{
 *   document: FileSize,
 *   inlineCssGzip: number,
 *   entry: FileSize,
 *   preloaded: FileSize[],
 *   css: FileSize[],
 *   lazy: FileSize[],
 *   initialJsGzip: number,
 * }} BuildSizes
 * @typedef {{ route: string, html: number, js: number, css: number, jsFiles: number, cssFiles: number }}
 *   RouteBytes
 */

/** @param {string} html @param {RegExp} pattern */
const hrefs = (html, pattern) =>
  [...html.matchAll(pattern)].map((match) => (match[1] ?? '').replace(/^\//, ''))

/**
 * Sizes of the build's page, scripts and styles. The entry is index.html's module script;
 * "preloaded" are the modulepreload links (the entry's imports and the app chunk it loads);
 * every other script is a lazy chunk. The stylesheet is inlined in index.html.
 * @param {string} dir
 * @returns {Promise<BuildSizes>}
 */
export async function buildSizes(dir) {
  const html = await readFile(join(dir, 'index.html'), 'utf8')
  const [entryPath] = hrefs(html, /<script[^>]*type="module"[^>]*src="([^"]+)"/g)
  if (!entryPath) throw new Error(`${dir}/index.html has no module script`)
  const preloadPaths = new Set(hrefs(html, /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))

  /** @param {string} path @returns {Promise<FileSize>} */
  const size = async (path) => {
    const content = await readFile(join(dir, path))
    return { file: path, bytes: content.length, gzip: gzipSync(content).length }
  }
  const assets = (await readdir(join(dir, 'assets'))).map((name) => `assets/${name}`).sort()
  const scripts = assets.filter((path) => path.endsWith('.js'))
  const entry = await size(entryPath)
  const preloaded = await Promise.all(scripts.filter((p) => preloadPaths.has(p)).map(size))
  const lazy = await Promise.all(
    scripts.filter((p) => p !== entryPath && !preloadPaths.has(p)).map(size),
  )
  const css = await Promise.all(assets.filter((path) => path.endsWith('.css')).map(size))
  lazy.sort((a, b) => b.gzip - a.gzip)
  const initialJsGzip = [entry, ...preloaded].reduce((sum, file) => sum + file.gzip, 0)
  const inlineCss = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)]
    .map((match) => match[1])
    .join('')
  return {
    document: await size('index.html'),
    inlineCssGzip: inlineCss ? gzipSync(inlineCss).length : 0,
    entry,
    preloaded,
    css,
    lazy,
    initialJsGzip,
  }
}

/** No file sent for this long after the route rendered: the page has everything it asks for. */
const QUIET_MS = 1000

/**
 * @param {import('./static-server.mjs').StaticServer} server
 * @param {number} quietMs
 */
async function waitForQuiet(server, quietMs) {
  let count = server.sent.length
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, quietMs))
    if (server.sent.length === count) return
    count = server.sent.length
  }
}

/**
 * Loads each route in a fresh context (cold cache) and sums the bytes the static server sent
 * for scripts and styles until the network is idle. Counting at the server also covers the
 * files the demo's mock service worker fetches on the page's behalf.
 * @param {import('@playwright/test').Browser} browser
 * @param {import('./static-server.mjs').StaticServer} server
 * @param {string[]} routes
 * @returns {Promise<RouteBytes[]>}
 */
export async function routeBytes(browser, server, routes) {
  /** @type {RouteBytes[]} */
  const results = []
  for (const route of routes) {
    const context = await browser.newContext()
    try {
      const from = server.sent.length
      const page = await context.newPage()
      await page.goto(server.url + route)
      // Every screen has an h1 once its route has rendered; lazy chunks may still follow it, and
      // a busy CPU can leave the network idle for a while before they do.
      await page.locator('main h1').first().waitFor()
      await waitForQuiet(server, QUIET_MS)
      const totals = { route, html: 0, js: 0, css: 0, jsFiles: 0, cssFiles: 0 }
      for (const { path, gzipBytes: bytes } of server.sent.slice(from)) {
        // The page itself: index.html, for any extension-less path.
        if (path.endsWith('.html') || !/\.\w+$/.test(path)) {
          totals.html += bytes
        } else if (path.endsWith('.js')) {
          totals.js += bytes
          totals.jsFiles += 1
        } else if (path.endsWith('.css')) {
          totals.css += bytes
          totals.cssFiles += 1
        }
      }
      results.push(totals)
    } finally {
      await context.close()
    }
  }
  return results
}

/**
 * The initial files (entry and its static imports) whose text contains `needle`: used to check
 * that the demo's catalog and mock library stay out of the first download.
 * @param {string} dir
 * @param {BuildSizes} sizes
 * @param {string} needle
 * @returns {Promise<string[]>}
 */
export async function initialFilesContaining(dir, sizes, needle) {
  const files = [sizes.entry, ...sizes.preloaded].map((file) => file.file)
  const hits = await Promise.all(
    files.map(async (file) =>
      (await readFile(join(dir, file), 'utf8')).includes(needle) ? file : '',
    ),
  )
  return hits.filter(Boolean)
}
