// @ts-check
/**
 * Writes src/shared/demo-catalog/catalog.gen.json, the offline demo catalog, from vega-datasets'
 * movies.json. Runs before dev, build and test (`npm run catalog`).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildDetailedCatalog } from './catalog.mjs'

const outputPath = fileURLToPath(
  new URL('../src/shared/demo-catalog/catalog.gen.json', import.meta.url),
)

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

const records = JSON.parse(readFileSync(findMoviesJson(), 'utf8'))
const catalog = buildDetailedCatalog(records)
const content = `${JSON.stringify(catalog)}\n`

// An unchanged file is not rewritten, so Vite's watcher does not reload for nothing.
const unchanged = existsSync(outputPath) && readFileSync(outputPath, 'utf8') === content
if (!unchanged) writeFileSync(outputPath, content)

const where = relative(process.cwd(), outputPath)
console.log(`catalog: ${catalog.length} movies -> ${where}${unchanged ? ' (unchanged)' : ''}`)
