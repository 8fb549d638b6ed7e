import { join, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync } from 'fastify'

export interface StaticFilesOptions {
  distDir: string
  serviceWorkerPolicy: string
}

export const SERVICE_WORKER_FILE = 'sw.js'

// index.html and its precompressed copies go out only as the page (app.sendPage); lower case
// for a file system that ignores case.
const PAGE_FILES = new Set(['', '.br', '.gz', '.deflate'].map((copy) => `/index.html${copy}`))

/** The build's files, as their precompressed copies when accepted; misses go to routes/page.ts. */
const staticFiles: FastifyPluginAsync<StaticFilesOptions> = async (
  app,
  { distDir, serviceWorkerPolicy },
) => {
  const assetsDir = join(distDir, 'assets') + sep
  const serviceWorkerPath = join(distDir, SERVICE_WORKER_FILE)
  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    allowedPath: (pathName) => !PAGE_FILES.has(pathName.toLowerCase()),
    preCompressed: true,
    dotfiles: 'deny',
    cacheControl: false,
    etag: false,
    lastModified: false,
    setHeaders: (reply, path) => {
      reply.header(
        'cache-control',
        path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
      // The worker runs under its script's policy: the other files' would forbid every fetch.
      if (path === serviceWorkerPath) {
        reply.header('content-security-policy', serviceWorkerPolicy)
      }
    },
  })
}

export default staticFiles
