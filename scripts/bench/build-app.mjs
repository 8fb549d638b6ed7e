// @ts-check
/** Production builds of the app, made by Vite in a child process with the bench's own env. */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

/**
 * @typedef {{ apiUrl: string, imageUrl: string }} LiveTarget
 * @typedef {{ signal?: AbortSignal }} RunOptions
 */

/**
 * Runs `node <script> ...args` in `cwd`; rejects with its output when it fails.
 * @param {string} cwd
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @param {RunOptions} options
 * @returns {Promise<void>}
 */
export function runNode(cwd, args, env, { signal }) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd,
      env,
      signal,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const collect = (/** @type {Buffer} */ chunk) => {
      output += chunk.toString()
    }
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    child.on('error', reject)
    child.on('exit', (code, signalName) => {
      if (code === 0) resolve()
      else reject(new Error(`node ${args.join(' ')} failed (${signalName ?? code}):\n${output}`))
    })
  })
}

/**
 * The demo catalog is generated (gitignored); a fresh checkout has to make it before building.
 * @param {string} root
 * @param {RunOptions} [options]
 */
export async function ensureCatalog(root, options = {}) {
  if (existsSync(join(root, 'src/shared/demo-catalog/catalog.gen.json'))) return
  await runNode(root, ['scripts/build-catalog.mjs'], process.env, options)
}

/**
 * Builds the app into `outDir`. With `live`, the build has credentials and calls that TMDB
 * (empty URLs: TMDB's own); without, it is the demo build (mock worker and bundled catalog).
 * @param {string} root
 * @param {string} outDir
 * @param {LiveTarget | undefined} live
 * @param {RunOptions} [options]
 */
export async function buildApp(root, outDir, live, options = {}) {
  const env = {
    ...process.env,
    VITE_TMDB_TOKEN: live ? 'bench-token' : '',
    VITE_TMDB_API_KEY: live ? 'bench-key' : '',
    VITE_TMDB_API_URL: live?.apiUrl ?? '',
    VITE_TMDB_IMAGE_URL: live?.imageUrl ?? '',
  }
  const vite = join(root, 'node_modules/vite/bin/vite.js')
  await runNode(
    root,
    [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
    env,
    options,
  )
}

/**
 * Builds the production server (server/main.ts) into `outDir`, as `npm run build` does.
 * @param {string} root
 * @param {string} outDir
 * @param {RunOptions} [options]
 */
export async function buildServer(root, outDir, options = {}) {
  const vite = join(root, 'node_modules/vite/bin/vite.js')
  await runNode(
    root,
    [vite, 'build', '--config', 'server/vite.config.ts', '--outDir', outDir, '--logLevel', 'error'],
    process.env,
    options,
  )
}
