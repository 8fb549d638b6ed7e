// @ts-check
/**
 * JavaScript weight, measured by Size Limit (gzip) over the files each page downloads at
 * start-up (scripts/page-scripts.mjs, the same checks as `npm run size`), and over every script
 * of the build one by one, to show where the bytes are.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import filePlugin from '@size-limit/file'
import sizeLimit from 'size-limit'
import { BUDGETED_PAGES, pageScriptChecks, pageScripts } from '../page-scripts.mjs'

/**
 * @typedef {{ name: string, files: number, gzip: number, limit: number | undefined }} PageSize
 * @typedef {{ file: string, gzip: number, startUp: boolean }} FileSize
 * @typedef {{ pages: PageSize[], files: FileSize[] }} BuildSizes
 */

/**
 * Gzip sizes of groups of files, by Size Limit.
 * @param {string[][]} groups
 * @returns {Promise<number[]>}
 */
async function gzipSizes(groups) {
  const results = /** @type {{ size?: number }[]} */ (
    await sizeLimit([filePlugin], { checks: groups.map((files) => ({ files, gzip: true })) })
  )
  return results.map((result) => result.size ?? 0)
}

/**
 * @param {string} dir a build
 * @returns {Promise<BuildSizes>}
 */
export async function buildSizes(dir) {
  const checks = pageScriptChecks(dir)
  const pageSizes = await gzipSizes(checks.map((check) => check.path))
  const startUp = new Set(pageScripts(dir, '/'))
  const scripts = (await readdir(join(dir, 'assets')))
    .filter((name) => name.endsWith('.js'))
    .map((name) => `assets/${name}`)
  const fileSizes = await gzipSizes(scripts.map((file) => [join(dir, file)]))
  return {
    pages: checks.map((check, index) => ({
      name: check.name,
      files: check.path.length,
      gzip: pageSizes[index] ?? 0,
      limit: BUDGETED_PAGES[index]?.limitBytes,
    })),
    files: scripts
      .map((file, index) => ({ file, gzip: fileSizes[index] ?? 0, startUp: startUp.has(file) }))
      .sort((a, b) => Number(b.startUp) - Number(a.startUp) || b.gzip - a.gzip),
  }
}

/**
 * The files the home page loads at start-up whose text contains `needle`: used to check that
 * the demo's catalog and mock library stay out of the first download.
 * @param {string} dir
 * @param {string} needle
 * @returns {Promise<string[]>}
 */
export async function startUpFilesContaining(dir, needle) {
  const files = pageScripts(dir, '/')
  const hits = await Promise.all(
    files.map(async (file) =>
      (await readFile(join(dir, file), 'utf8')).includes(needle) ? file : '',
    ),
  )
  return hits.filter(Boolean)
}
