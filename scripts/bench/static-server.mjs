// @ts-check
/**
 * Serves a build like a typical static host: text compressed with brotli when the browser
 * accepts it, as CDNs do, else gzip (the same gzip level the bytes table uses), immutable caching for the hashed /assets/ files, no-cache for the rest, and the SPA
 * fallback (index.html) for extension-less paths only, so /robots.txt and friends 404 honestly.
 * `vite preview` gzips too, but sends `Cache-Control: no-cache` for assets and answers every
 * missing file with index.html, so it is not used here.
 */
import { readdir, readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { extname, join, normalize, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** @type {Record<string, string>} */
const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
}
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.webmanifest'])
/** Below this a gzip wrapper costs more than it saves (hosts use 1 KiB or so as well). */
const MIN_GZIP_BYTES = 1024

export const SERVER_DESCRIPTION =
  'bench static server: brotli or gzip, Cache-Control immutable on /assets/, SPA fallback for extension-less paths'

/**
 * Hosts and CDNs precompress static files at brotli's highest quality; the megabyte-sized demo
 * catalog gets a quicker level, which keeps the server's start-up to a second or so.
 * @param {Buffer} raw
 */
const brotli = (raw) =>
  brotliCompressSync(raw, {
    params: { [constants.BROTLI_PARAM_QUALITY]: raw.length > 512 * 1024 ? 5 : 11 },
  })

/**
 * @typedef {{ raw: Buffer, gzip: Buffer | undefined, brotli: Buffer | undefined, type: string }}
 *   ServedFile
 */
/** @typedef {{ url: string, close: () => Promise<void> }} StaticServer */

/**
 * @param {string} dir the build folder
 * @param {{ port?: number, host?: string }} [options] a free port on 127.0.0.1 by default
 * @returns {Promise<StaticServer>}
 */
export async function startStaticServer(dir, { port = 0, host = '127.0.0.1' } = {}) {
  /** @type {Map<string, Promise<ServedFile | undefined>>} */
  const cache = new Map()

  /** @param {string} path @returns {Promise<ServedFile | undefined>} */
  const load = (path) => {
    let entry = cache.get(path)
    if (!entry) {
      entry = readFile(join(dir, path)).then(
        (raw) => {
          const ext = extname(path)
          const compress = COMPRESSIBLE.has(ext) && raw.length >= MIN_GZIP_BYTES
          return {
            raw,
            gzip: compress ? gzipSync(raw) : undefined,
            brotli: compress ? brotli(raw) : undefined,
            type: CONTENT_TYPES[ext] ?? 'application/octet-stream',
          }
        },
        () => undefined,
      )
      cache.set(path, entry)
    }
    return entry
  }

  // Compress everything up front, as a host does at deploy time: compressing on the first
  // request would show up as server time in the measurements.
  const files = await readdir(dir, { recursive: true, withFileTypes: true })
  await Promise.all(
    files
      .filter((file) => file.isFile())
      .map((file) => load(relative(dir, join(file.parentPath, file.name)))),
  )

  const server = createServer((req, res) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname)
      const path = normalize(pathname).replace(/^[/\\]+/, '')
      if (path.split(sep).includes('..')) {
        res.writeHead(400).end()
        return
      }
      const spaRoute = !extname(path)
      const file = spaRoute ? await load('index.html') : await load(path)
      if (!file) {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found')
        return
      }
      const accepted = String(req.headers['accept-encoding'] ?? '')
      const encoding =
        file.brotli && /\bbr\b/.test(accepted)
          ? 'br'
          : file.gzip && /\bgzip\b/.test(accepted)
            ? 'gzip'
            : undefined
      const body =
        (encoding === 'br' ? file.brotli : encoding === 'gzip' ? file.gzip : undefined) ?? file.raw
      res.writeHead(200, {
        'Content-Type': file.type,
        'Content-Length': String(body.length),
        'Cache-Control': path.startsWith('assets/')
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
        ...(file.gzip ? { Vary: 'Accept-Encoding' } : {}),
        ...(encoding ? { 'Content-Encoding': encoding } : {}),
      })
      if (req.method === 'HEAD') {
        res.end()
        return
      }
      res.end(body)
    })().catch((/** @type {unknown} */ error) => {
      console.error('bench static server:', error)
      if (!res.headersSent) res.writeHead(500)
      res.end()
    })
  })
  server.keepAliveTimeout = 1000
  await new Promise((resolve) => server.listen(port, host, () => resolve(undefined)))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('static server has no port')
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

// `node scripts/bench/static-server.mjs <dir> <port>`: the browser tests serve their builds so.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir, port] = process.argv.slice(2)
  if (!dir || !port) throw new Error('usage: static-server.mjs <dir> <port>')
  const { url } = await startStaticServer(dir, { port: Number(port), host: 'localhost' })
  console.log(`Serving ${dir} on ${url}`)
}
