import { join, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync } from 'fastify'

export interface StaticFilesOptions {
  /** The build (`npm run build` writes it). */
  distDir: string
  /** The Content-Security-Policy of the service worker's script (serviceWorkerPolicy). */
  serviceWorkerPolicy: string
}

/** The service worker's script, at the root of the build (vite.config.ts). */
export const SERVICE_WORKER_FILE = 'sw.js'

/**
 * The build's page and the copies @fastify/static would send for it by Accept-Encoding (or when
 * asked by name): it goes out only rewritten, by the page service. Lower case, for a file system
 * that ignores case.
 */
const PAGE_FILES = new Set(['', '.br', '.gz', '.deflate'].map((copy) => `/index.html${copy}`))

/**
 * The build's files, precompressed copies by Accept-Encoding. A file that is not there goes to
 * the not-found handler (routes/page.ts).
 */
const staticFiles: FastifyPluginAsync<StaticFilesOptions> = async (
  app,
  { distDir, serviceWorkerPolicy },
) => {
  const assetsDir = join(distDir, 'assets') + sep
  const serviceWorkerPath = join(distDir, SERVICE_WORKER_FILE)
  await app.register(fastifyStatic, {
    root: distDir,
    // index.html goes out rewritten (the page service), never as the file on disk.
    index: false,
    // Given the path decoded and normalized.
    allowedPath: (pathName) => !PAGE_FILES.has(pathName.toLowerCase()),
    preCompressed: true,
    dotfiles: 'deny',
    cacheControl: false,
    // Hashed assets are never revalidated (immutable), and the others are few and small.
    etag: false,
    lastModified: false,
    setHeaders: (reply, path) => {
      // Hashed file names: a new build never reuses one.
      reply.header(
        'cache-control',
        path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
      // The worker runs under its script's policy: its own, not the other files' (which would
      // forbid every fetch). The security headers' hook keeps a policy already set.
      if (path === serviceWorkerPath) {
        reply.header('content-security-policy', serviceWorkerPolicy)
      }
    },
  })
}

export default staticFiles
