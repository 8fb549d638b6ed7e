// @ts-check
/**
 * Writes src/shared/demo-catalog/catalog.gen.json, the offline demo catalog, from vega-datasets'
 * movies.json, and years.gen.json, the release years it has films of (the Year filter's choices in the
 * demo). Runs before dev, build and test (`npm run catalog`).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildDetailedCatalog } from './catalog.mjs'

/** @param {string} name */
const generated = (name) =>
  fileURLToPath(new URL(`../src/shared/demo-catalog/${name}`, import.meta.url))

/**
 * vega-datasets' `exports` hide `data/`, so resolve its entry point and walk up to the
 * package root.
 */
function findMoviesJson() {
  let dir = dirname(createRequire(import.meta.url).resolve('vega-datasets'))
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir)
    if (parent === dir) throw new Error('vega-datasets: package root not found')
    dir = parent
  }
  return join(dir, 'data', 'movies.json')
}

/**
 * An unchanged file is not rewritten, so Vite's watcher does not reload for nothing.
 * @param {string} path
 * @param {unknown} value
 */
function write(path, value) {
  const content = `${JSON.stringify(value)}\n`
  const unchanged = existsSync(path) && readFileSync(path, 'utf8') === content
  if (!unchanged) writeFileSync(path, content)
  return `${relative(process.cwd(), path)}${unchanged ? ' (unchanged)' : ''}`
}

const records = JSON.parse(readFileSync(findMoviesJson(), 'utf8'))
const catalog = buildDetailedCatalog(records)
const years = catalog.flatMap((movie) =>
  movie.release_date ? [Number(movie.release_date.slice(0, 4))] : [],
)
const where = write(generated('catalog.gen.json'), catalog)
write(
  generated('years.gen.json'),
  [...new Set(years)].sort((a, b) => b - a),
)
console.log(`catalog: ${catalog.length} movies -> ${where}`)
