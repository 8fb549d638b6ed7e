import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { getResponse } from 'msw'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { buildServer, type PageSource, type ServerOptions } from '../../server/app'
import { readServerConfig } from '../../server/config'
import catalog from '../../src/shared/demo-catalog/catalog.gen.json'
import { createMovieDb } from '../../src/shared/demo-catalog/db'
import { createTmdbHandlers } from '../../src/mocks/handlers'

/** A built page's policy, as Vite writes it in the meta tag (quotes as entities). */
export const BUILT_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'sha256-abc='; img-src 'self' data: https://image.tmdb.org; connect-src 'self' https://api.themoviedb.org https://image.tmdb.org; worker-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'"

export const ASSET = 'assets/app-Bx12cd34.js'
export const STARTUP_ASSET = 'assets/react-Cd56ef78.js'
export const ASSET_SOURCE = `console.log(${JSON.stringify('the app '.repeat(400))})`
export const SERVICE_WORKER_SOURCE = "self.addEventListener('fetch', () => undefined)"

/** A small stand-in for `dist/`: index.html, a hashed asset with compressed copies, a public file. */
export async function makeDist(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'cinelist-'))
  const dir = join(root, 'dist')
  await mkdir(join(dir, 'assets'), { recursive: true })
  // As the build writes it: the start-up chunks preloaded just before the entry, in the head,
  // and the static shell's home banner.
  const html = `<!doctype html><html lang="en"><head><meta http-equiv="Content-Security-Policy" content="${BUILT_POLICY.replaceAll("'", '&#39;')}"><meta charset="UTF-8" /><title>CineList</title><link rel="modulepreload" crossorigin href="/${STARTUP_ASSET}"><script type="module" src="/${ASSET}"></script></head><body><div id="root"><main><section\n data-home-shell class="mb-10"><h1>CineList</h1></section></main></div></body></html>`
  await writeFile(join(dir, 'index.html'), html)
  await writeFile(join(dir, ASSET), ASSET_SOURCE)
  await writeFile(join(dir, `${ASSET}.br`), brotliCompressSync(ASSET_SOURCE))
  await writeFile(join(dir, `${ASSET}.gz`), gzipSync(ASSET_SOURCE))
  await writeFile(join(dir, 'placeholder-poster.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  await writeFile(join(dir, 'sw.js'), SERVICE_WORKER_SOURCE)
  await writeFile(join(dir, 'manifest.webmanifest'), '{"name":"CineList"}')
  // Beside the served folder: what a traversal would be after.
  await writeFile(join(root, 'secret.txt'), 'top secret')
  await writeFile(join(dir, '.env'), 'TMDB_TOKEN=top secret')
  return { dir, remove: () => rm(root, { recursive: true, force: true }) }
}

export interface SeenRequest {
  url: URL
  headers: IncomingHttpHeaders
}

export type FakeBehaviour = (
  request: SeenRequest,
  response: ServerResponse,
  answer: () => Promise<void>,
) => Promise<void> | void

/**
 * A local TMDB on 127.0.0.1 that answers from the demo catalog through the app's MSW handlers,
 * records every request, and can be told to misbehave.
 */
export async function startFakeTmdb() {
  const requests: SeenRequest[] = []
  let behaviour: FakeBehaviour | undefined
  let apiUrl = ''
  const handlers = () =>
    createTmdbHandlers(createMovieDb(catalog), { apiUrl, imageUrl: `${apiUrl}/t/p` })
  let cachedHandlers: ReturnType<typeof handlers> | undefined

  const server = createServer((req, res) => {
    const seen = { url: new URL(req.url ?? '/', apiUrl), headers: req.headers }
    requests.push(seen)
    const answer = async () => {
      cachedHandlers ??= handlers()
      const response = await getResponse(cachedHandlers, new Request(seen.url))
      const body = Buffer.from((await response?.arrayBuffer()) ?? new ArrayBuffer(0))
      res.writeHead(response?.status ?? 404, { 'content-type': 'application/json' }).end(body)
    }
    void Promise.resolve(behaviour ? behaviour(seen, res, answer) : answer())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('the fake TMDB has no port')
  apiUrl = `http://127.0.0.1:${String(address.port)}`
  return {
    apiUrl,
    requests,
    /** How the next requests are answered; `undefined` for the catalog again. */
    behave(next: FakeBehaviour | undefined) {
      behaviour = next
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => {
          resolve()
        })
      }),
  }
}

/** A film of the demo catalog, which the fake TMDB answers from. */
export const demoMovie = (() => {
  const [movie] = createMovieDb(catalog).movies
  if (!movie) throw new Error('the demo catalog is empty')
  return movie
})()

export const SERVER_TOKEN = 'server-token-7c1f2e'
export const SERVER_API_KEY = 'server-key-93ab11'

/**
 * The production server over `distDir`, with `env` on top of a credential and the fake TMDB.
 * Browser-only accounts unless `env` says otherwise: these tests are about the page and TMDB,
 * and server accounts would open a database (tests/server/accounts/ cover those).
 */
export async function startApp(
  distDir: string,
  env: Record<string, string | undefined>,
  options: ServerOptions = {},
  page?: PageSource,
): Promise<FastifyInstance> {
  const config = readServerConfig({
    DIST_DIR: distDir,
    LOG_LEVEL: 'silent',
    ACCOUNTS: 'local',
    ...env,
  })
  const { app } = await buildServer(config, {
    logger: false,
    ...options,
    ...(page ? { page } : {}),
  })
  await app.ready()
  return app
}

/** Every byte the client received, headers included. */
export const everything = (response: { headers: Record<string, unknown>; body: string }) =>
  JSON.stringify(response.headers) + response.body

export const DISCOVER =
  '/api/tmdb/3/discover/movie?include_adult=false&include_video=false&language=en-US&page=1&sort_by=popularity.desc'

/**
 * What a server test file runs against, made and cleared by the file's hooks: the built page's
 * folder, a fake TMDB (its behaviour and record reset after each test) and the apps a test
 * starts (`app()`, or `apps.push(app)`: closed after each test).
 */
export function serverTestBed() {
  const bed = {
    apps: [] as FastifyInstance[],
    dist: undefined as unknown as Awaited<ReturnType<typeof makeDist>>,
    tmdb: undefined as unknown as Awaited<ReturnType<typeof startFakeTmdb>>,
    /** The server over the page's folder in front of the fake TMDB, with a credential, `env` on top. */
    app: async (
      env: Record<string, string> = {},
      options: ServerOptions = {},
      page?: PageSource,
    ) => {
      const started = await startApp(
        bed.dist.dir,
        {
          TMDB_API_URL: bed.tmdb.apiUrl,
          TMDB_TOKEN: SERVER_TOKEN,
          TMDB_API_KEY: SERVER_API_KEY,
          ...env,
        },
        options,
        page,
      )
      bed.apps.push(started)
      return started
    },
  }
  beforeAll(async () => {
    bed.dist = await makeDist()
    bed.tmdb = await startFakeTmdb()
  })
  afterEach(async () => {
    bed.tmdb.behave(undefined)
    bed.tmdb.requests.length = 0
    await Promise.all(bed.apps.splice(0).map((app) => app.close()))
  })
  afterAll(async () => {
    await bed.tmdb.close()
    await bed.dist.remove()
  })
  return bed
}
