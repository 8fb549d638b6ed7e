// @ts-check
/**
 * A local TMDB on 127.0.0.1 (random free port) that answers through the demo's own MSW handlers,
 * with CORS, an adjustable artificial latency and a log of every request it receives.
 */
import { createServer } from 'node:http'
import { getResponse } from 'msw'

/**
 * @typedef {import('./mock-db.mjs').MockTmdb} MockTmdb
 * @typedef {{ method: string, path: string, search: string, at: number }} LoggedRequest
 * @typedef {{
 *   apiUrl: string,
 *   imageUrl: string,
 *   log: LoggedRequest[],
 *   setLatency: (ms: number) => void,
 *   close: () => Promise<void>,
 * }} TmdbServer
 */

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept',
  // Chrome caps this at two hours; one preflight per session is what a real API costs.
  'Access-Control-Max-Age': '7200',
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** True for API calls (not posters, not preflights): what the request budgets count. */
export const isApiCall = (/** @type {LoggedRequest} */ request) =>
  request.method === 'GET' && request.path.startsWith('/3/')

/**
 * @param {MockTmdb} mock
 * @param {{
 *   latencyMs?: number,
 *   posterToJpeg?: (svg: string, size: string) => Promise<Buffer>,
 * }} [options] `posterToJpeg`: serve the catalog's SVG posters as JPEG, as TMDB's image host does
 * @returns {Promise<TmdbServer>}
 */
export async function startTmdbServer(mock, { latencyMs = 0, posterToJpeg } = {}) {
  let latency = latencyMs
  /** @type {Map<string, Promise<Buffer>>} JPEG posters by path, made once each. */
  const jpegs = new Map()
  /** @type {LoggedRequest[]} */
  const log = []
  /** @type {import('msw').HttpHandler[]} */
  let handlers = []

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const method = req.method ?? 'GET'
    log.push({ method, path: url.pathname, search: url.search, at: performance.now() })
    void (async () => {
      if (latency > 0) await sleep(latency)
      if (method === 'OPTIONS') {
        res.writeHead(204, CORS_HEADERS).end()
        return
      }
      const request = new Request(new URL(url.pathname + url.search, origin), {
        method,
        headers: /** @type {Record<string, string>} */ (req.headers),
      })
      const response = await getResponse(handlers, request)
      if (!response) {
        res.writeHead(404, { ...CORS_HEADERS, 'Content-Type': 'text/plain' }).end('Not found')
        return
      }
      /** @type {Buffer} */
      let body = Buffer.from(await response.arrayBuffer())
      const headers = Object.fromEntries(response.headers)
      if (posterToJpeg && headers['content-type'] === 'image/svg+xml') {
        const size = url.pathname.split('/').at(-2) ?? ''
        const jpeg = jpegs.get(url.pathname) ?? posterToJpeg(body.toString(), size)
        jpegs.set(url.pathname, jpeg)
        body = await jpeg
        headers['content-type'] = 'image/jpeg'
      }
      delete headers['content-length']
      res.writeHead(response.status, {
        ...headers,
        ...CORS_HEADERS,
        'Content-Length': String(body.length),
      })
      res.end(body)
    })().catch((/** @type {unknown} */ error) => {
      console.error('bench TMDB server:', error)
      if (!res.headersSent) res.writeHead(500, CORS_HEADERS)
      res.end()
    })
  })
  // Lighthouse and the browser keep connections open; they must not hold the process.
  server.keepAliveTimeout = 1000

  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('TMDB server has no port')
  const origin = `http://127.0.0.1:${address.port}`
  const apiUrl = origin
  const imageUrl = `${origin}/t/p`
  handlers = mock.createTmdbHandlers(mock.db, { apiUrl, imageUrl })

  return {
    apiUrl,
    imageUrl,
    log,
    setLatency: (ms) => {
      latency = ms
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
