/**
 * The bench's TMDB: the demo catalog's answers (src/shared/demo-catalog/tmdb-responses.ts) with
 * CORS, a latency of its answers (setLatency) and a count of API calls, which the perf tests
 * read (/__bench/log). Posters are served as JPEG, rasterised once each by Chromium: an SVG image is
 * laid out and painted on the page's main thread, which TMDB's JPEG posters never cost.
 */
import { createServer } from 'node:http'
import { chromium } from '@playwright/test'
import catalog from '../../src/shared/demo-catalog/catalog.gen.json' with { type: 'json' }
import { createMovieDb } from '../../src/shared/demo-catalog/db'
import { demoTmdbResponses } from '../../src/shared/demo-catalog/tmdb-responses'
import { CHROMIUM_ARGS, findChromium } from '../chromium.mjs'

export const db = createMovieDb(catalog)
const answers = demoTmdbResponses(db)
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type, Accept',
  // Chrome caps it at two hours: one preflight per session, as with TMDB.
  'access-control-max-age': '7200',
}

function answer({ pathname, searchParams }: URL) {
  const [, size = '', file = ''] = /^\/t\/p\/([^/]+)\/([^/]+)$/.exec(pathname) ?? []
  if (file) return answers.poster(size, file)
  if (pathname === '/3/discover/movie') return answers.discover(searchParams)
  if (pathname === '/3/search/movie') return answers.search(searchParams)
  const id = /^\/3\/movie\/([^/]+)$/.exec(pathname)?.[1]
  return id ? answers.movie(id, searchParams) : new Response('Not found', { status: 404 })
}

export async function startTmdb(port: number) {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS })
  const page = await browser.newPage()
  const jpegs = new Map<string, Promise<Buffer>>()
  const state = { latencyMs: 0, calls: 0, at: 0 }
  let queue: Promise<unknown> = Promise.resolve()
  /** TMDB's w200 and w300 posters, 2:3, one at a time in the one page. */
  const toJpeg = (path: string, svg: string) => {
    const width = path.includes('/w200/') ? 200 : 300
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
    const shoot = async () => {
      await page.setViewportSize({ width, height: width * 1.5 })
      await page.setContent(`<body style="margin:0"><img src="${src}" width="${String(width)}">`)
      await page.locator('img').evaluate((image: HTMLImageElement) => image.decode())
      return page.screenshot({ type: 'jpeg', quality: 80 })
    }
    const jpeg = jpegs.get(path) ?? queue.then(shoot)
    jpegs.set(path, jpeg)
    queue = jpeg.catch(() => undefined)
    return jpeg
  }
  const reply = async (url: URL, method = 'GET') => {
    await new Promise((resolve) => setTimeout(resolve, state.latencyMs))
    if (method === 'OPTIONS') return { status: 204, headers: CORS, body: Buffer.alloc(0) }
    const response = answer(url)
    const headers: Record<string, string> = { ...Object.fromEntries(response.headers), ...CORS }
    let body: Buffer = Buffer.from(await response.arrayBuffer())
    if (headers['content-type'] === 'image/svg+xml') {
      body = await toJpeg(url.pathname, body.toString())
      headers['content-type'] = 'image/jpeg'
    }
    return { status: response.status, headers: { ...headers, 'content-length': body.length }, body }
  }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (url.pathname === '/__bench/log') {
      res.end(JSON.stringify({ calls: state.calls, idleMs: performance.now() - state.at }))
      return
    }
    state.at = performance.now()
    if (req.method === 'GET' && url.pathname.startsWith('/3/')) state.calls += 1
    reply(url, req.method).then(
      ({ status, headers, body }) => res.writeHead(status, headers).end(body),
      (error: unknown) => res.writeHead(500, CORS).end(String(error)),
    )
  })
  // Lighthouse and the browsers keep connections open; they must not hold the bench.
  server.keepAliveTimeout = 1000
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const close = async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
    await browser.close()
  }
  return { setLatency: (ms: number) => (state.latencyMs = ms), close }
}
