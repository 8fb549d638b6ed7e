// @ts-check
/**
 * The demo catalog's data logic (src/shared/demo-catalog/db.ts and src/mocks/handlers.ts),
 * compiled for Node by a Vite SSR build, so the benchmark serves exactly what the demo's mock
 * worker serves; with it, the app's own limits and requests the bench counts against
 * (app-facts.ts).
 * The output goes under node_modules/.cache so the bundle can resolve `msw` from the project.
 */
import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'

/**
 * @typedef {import('../../src/shared/demo-catalog/catalog').CatalogMovie} CatalogMovie
 * @typedef {import('../../src/shared/demo-catalog/db').MovieDb} MovieDb
 * @typedef {typeof import('../../src/mocks/handlers')} HandlersModule
 * @typedef {typeof import('../../src/shared/demo-catalog/db')} DbModule
 * @typedef {typeof import('./app-facts')} AppFacts
 * @typedef {{
 *   db: MovieDb,
 *   createTmdbHandlers: HandlersModule['createTmdbHandlers'],
 *   app: AppFacts,
 * }} MockTmdb
 */

/**
 * @param {string} root the project root
 * @returns {Promise<MockTmdb>}
 */
export async function loadMockTmdb(root) {
  const outDir = join(root, 'node_modules/.cache/bench-mocks')
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    resolve: { alias: { '@': join(root, 'src') } },
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      minify: false,
      target: 'node20',
      rolldownOptions: {
        input: {
          db: 'src/shared/demo-catalog/db.ts',
          handlers: 'src/mocks/handlers.ts',
          app: 'scripts/bench/app-facts.ts',
        },
        output: { format: 'es', entryFileNames: '[name].mjs', chunkFileNames: '[name].mjs' },
      },
    },
  })
  try {
    const catalogFile = join(root, 'src/shared/demo-catalog/catalog.gen.json')
    /** @type {CatalogMovie[]} */
    const catalog = JSON.parse(await readFile(catalogFile, 'utf8'))
    /** @type {DbModule} */
    const dbModule = await import(pathToFileURL(join(outDir, 'db.mjs')).href)
    /** @type {HandlersModule} */
    const handlersModule = await import(pathToFileURL(join(outDir, 'handlers.mjs')).href)
    /** @type {AppFacts} */
    const app = await import(pathToFileURL(join(outDir, 'app.mjs')).href)
    return {
      db: dbModule.createMovieDb(catalog),
      createTmdbHandlers: handlersModule.createTmdbHandlers,
      app,
    }
  } finally {
    // Node has loaded the modules; the files are not needed any more.
    await rm(outDir, { recursive: true, force: true })
  }
}
