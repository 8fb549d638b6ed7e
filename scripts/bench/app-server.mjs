// @ts-check
/**
 * The production server (`npm start`) for the bench, and a bare `node:http` server answering
 * the same bytes to compare its throughput with: each in a child process of its own, so neither
 * shares a thread with the load generator.
 */
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { join } from 'node:path'
import autocannon from 'autocannon'

/**
 * @typedef {{ url: string, pid: number, readyMs: number, close: () => Promise<void> }} RunningServer
 *   readyMs: from spawning the process to its ready path's first 200
 * @typedef {{ requestsPerSecond: number, p99Ms: number, errors: number, non2xx: number }} Throughput
 */

/** A free port on 127.0.0.1. */
async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port)
        else reject(new Error('no port'))
      })
    })
  })
}

/**
 * Runs `node args` with `env` until `url`/readyz-style `ready` path answers 200.
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @param {number} port
 * @param {string} readyPath
 * @returns {Promise<RunningServer>}
 */
async function startChild(args, env, port, readyPath) {
  const spawnedAt = performance.now()
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] })
  const { pid } = child
  if (pid === undefined) throw new Error(`could not start node ${args.join(' ')}`)
  let stderr = ''
  child.stderr.on('data', (/** @type {Buffer} */ chunk) => {
    stderr += chunk.toString()
  })
  const url = `http://127.0.0.1:${port}`
  // Well past the slowest start budgeted (a first start creating the embedded database).
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`)
    const ready = await fetch(`${url}${readyPath}`).then(
      (response) => response.ok,
      () => false,
    )
    if (ready) break
    if (Date.now() > deadline) {
      child.kill()
      throw new Error(`server did not start: ${stderr}`)
    }
    // Short, so that the time to ready (a measure of its own) is not rounded up by much.
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return {
    url,
    pid,
    readyMs: performance.now() - spawnedAt,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/**
 * `npm start` over `distDir`, in front of the bench's TMDB (proxy mode), with the accounts in
 * the database `env` names (DATA_DIR or DATABASE_URL) and any other settings it adds.
 * @param {{ serverDir: string, distDir: string, tmdb: { apiUrl: string, imageUrl: string }, env: NodeJS.ProcessEnv }} options
 */
export async function startAppServer({ serverDir, distDir, tmdb, env }) {
  const port = await freePort()
  return startChild(
    [join(serverDir, 'main.js')],
    {
      ...process.env,
      PORT: String(port),
      DIST_DIR: distDir,
      TMDB_TOKEN: 'bench-server-token',
      TMDB_API_KEY: '',
      TMDB_API_URL: tmdb.apiUrl,
      TMDB_IMAGE_URL: tmdb.imageUrl,
      // The load test comes from one address; the per-IP limit is for people.
      RATE_LIMIT_MAX: '100000000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    port,
    '/readyz',
  )
}

/**
 * A bare node:http server that answers every request with this status, these headers and body.
 * @param {{ status: number, headers: Record<string, string>, body: Buffer }} response
 */
export async function startBareServer(response) {
  const port = await freePort()
  const script = `
    const { createServer } = require('node:http')
    const body = Buffer.from(process.env.BODY, 'base64')
    const headers = JSON.parse(process.env.HEADERS)
    createServer((req, res) => res.writeHead(${response.status}, headers).end(body)).listen(${port}, '127.0.0.1')
  `
  return startChild(
    ['-e', script],
    {
      ...process.env,
      BODY: response.body.toString('base64'),
      HEADERS: JSON.stringify(response.headers),
    },
    port,
    '/',
  )
}

/**
 * One response as the server sends it, for the bare server to replay.
 * @param {string} url
 */
export async function captureResponse(url) {
  const response = await fetch(url)
  /** @type {Record<string, string>} */
  const headers = {}
  response.headers.forEach((value, name) => {
    if (
      !['content-length', 'connection', 'keep-alive', 'date', 'transfer-encoding'].includes(name)
    ) {
      headers[name] = value
    }
  })
  return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) }
}

/**
 * Requests per second and p99 latency for `url` under load (autocannon, 10 connections),
 * after a warm-up; every request with `headers`.
 * @param {string} url
 * @param {{ seconds?: number, headers?: Record<string, string> }} [options]
 * @returns {Promise<Throughput>}
 */
export async function measureThroughput(url, { seconds = 5, headers = {} } = {}) {
  // A first second unmeasured, so both servers are compared warm (JIT, sockets).
  await autocannon({ url, headers, connections: 10, duration: 1 })
  const result = await autocannon({ url, headers, connections: 10, duration: seconds })
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  }
}
