import { join, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync } from 'fastify'

export interface StaticFilesOptions {
  /** The build (`npm run build` writes it). */
  distDir: string
}

/**
 * The build's files, precompressed copies by Accept-Encoding. A file that is not there goes to
 * the not-found handler (routes/page.ts).
 */
const staticFiles: FastifyPluginAsync<StaticFilesOptions> = async (app, { distDir }) => {
  const assetsDir = join(distDir, 'assets') + sep
  await app.register(fastifyStatic, {
    root: distDir,
    // index.html goes out rewritten (the page service), never as the file on disk.
    index: false,
    allowedPath: (pathName) => pathName !== '/index.html',
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
    },
  })
}

export default staticFiles
