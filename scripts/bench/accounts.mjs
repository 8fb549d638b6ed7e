// @ts-check
/**
 * Accounts under `npm start`, on the embedded database and on PostgreSQL alike: a cold start
 * on an empty database, registration and sign-in latency, session-checked requests per second,
 * the cached TMDB answer's on the same process for comparison, and the process's memory.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { measureThroughput, startAppServer } from './app-server.mjs'
import { measureListSync } from './list-sync.mjs'

/** Registrations, then sign-ins, one after the other: enough for a p95 (the 29th of 30). */
export const ACCOUNT_OPERATIONS = 30
const PASSWORD = 'Bench-pass7'
/** The name rule: a capital, then letters only. The e-mails are what tell accounts apart. */
const NAME = 'Benchuser'
const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test'

/**
 * @typedef {import('./app-server.mjs').Throughput} Throughput
 * @typedef {{ p50Ms: number, p95Ms: number, firstMs: number, samplesMs: number[] }} Latency
 *   firstMs: the first request after start, left out of the samples (its code is not compiled yet)
 * @typedef {'embedded' | 'postgres'} DatabaseKind
 * @typedef {{
 *   database: DatabaseKind,
 *   coldStartMs: number,
 *   rssAfterStartMiB: number | null,
 *   rssAfterLoadMiB: number | null,
 *   register: Latency,
 *   login: Latency,
 *   sessionChecked: Throughput,
 *   cachedTmdb: Throughput,
 *   listSync: import('./list-sync.mjs').ListSyncMeasure,
 * }} AccountsMeasure
 * @typedef {{ database: 'postgres', skipped: string }} SkippedMeasure
 * @typedef {{ embedded: AccountsMeasure, postgres: AccountsMeasure | SkippedMeasure }} AccountsResult
 * @typedef {{
 *   serverDir: string,
 *   distDir: string,
 *   tmdb: { apiUrl: string, imageUrl: string },
 *   cachedTmdbPath: string,
 *   progress: (message: string) => void,
 *   defer: (step: () => unknown) => void,
 * }} AccountsOptions
 */

/**
 * A step that runs once however often it is called: each is deferred to the bench's clean-up
 * (for Ctrl-C) and also run as soon as it can be.
 * @param {() => Promise<unknown>} step
 */
function once(step) {
  /** @type {Promise<unknown> | undefined} */
  let done
  return () => (done ??= step())
}

/**
 * The resident set of a process, from /proc (Linux); null elsewhere.
 * @param {number} pid
 * @returns {Promise<number | null>} MiB
 */
export async function residentMiB(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => null)
  const kib = status && /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]
  return kib ? Math.round(Number(kib) / 1024) : null
}

/**
 * Nearest-rank percentile.
 * @param {number[]} values
 * @param {number} percent
 */
const percentile = (values, percent) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil((percent / 100) * sorted.length) - 1)] ?? NaN
}

/**
 * @param {number[]} timings the first request's, then the rest
 * @returns {Latency}
 */
function latency([firstMs = NaN, ...samplesMs]) {
  const tenth = (/** @type {number} */ value) => Math.round(value * 10) / 10
  return {
    p50Ms: tenth(percentile(samplesMs, 50)),
    p95Ms: tenth(percentile(samplesMs, 95)),
    firstMs: tenth(firstMs),
    samplesMs: samplesMs.map(tenth),
  }
}

/**
 * A JSON write as the page sends it (same origin), timed; throws unless it answers `status`.
 * @param {string} baseUrl
 * @param {string} path
 * @param {unknown} body
 * @param {number} status
 */
async function timedPost(baseUrl, path, body, status) {
  const started = performance.now()
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(body),
  })
  await response.arrayBuffer()
  const ms = performance.now() - started
  if (response.status !== status) {
    throw new Error(`POST ${path} answered ${response.status}, not ${status}`)
  }
  return { ms, response }
}

/** The URL without its password, for messages. @param {string} url */
function redact(url) {
  if (!URL.canParse(url)) return 'DATABASE_URL'
  const parsed = new URL(url)
  if (parsed.password) parsed.password = '***'
  return parsed.toString()
}

/**
 * The run's own database on the PostgreSQL server (BENCH_DATABASE_URL, else
 * DATABASE_TEST_URL, else the local default), or why there is none.
 * @returns {Promise<{ url: string, drop: () => Promise<void> } | { skipped: string }>}
 */
async function createPostgresDatabase() {
  const serverUrl =
    process.env.BENCH_DATABASE_URL || process.env.DATABASE_TEST_URL || DEFAULT_POSTGRES_URL
  const name = `cinelist_bench_${randomBytes(6).toString('hex')}`
  /** @param {string} sql */
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 })
    try {
      await client.connect()
      await client.query(sql)
    } finally {
      await client.end().catch(() => undefined)
    }
  }
  try {
    await admin(`CREATE DATABASE "${name}"`)
  } catch (error) {
    const { code = '', message = String(error) } =
      /** @type {{ code?: string, message?: string }} */ (error)
    const detail = message.includes(code) ? message : `${code}: ${message}`
    return { skipped: `${detail} (${redact(serverUrl)})` }
  }
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  }
}

/**
 * One `npm start` on an empty database, measured from its spawn to its memory after the load.
 * @param {DatabaseKind} database
 * @param {NodeJS.ProcessEnv} databaseEnv DATA_DIR or DATABASE_URL
 * @param {AccountsOptions} options
 * @returns {Promise<AccountsMeasure>}
 */
async function measureOne(database, databaseEnv, options) {
  const { progress } = options
  const server = await startAppServer({
    serverDir: options.serverDir,
    distDir: options.distDir,
    tmdb: options.tmdb,
    env: {
      ACCOUNTS: 'server',
      // The default: the first start makes a key and keeps it in the database.
      AUTH_SECRET: '',
      // Every sign-in comes from one address; none fails, but the limit is for people.
      LOGIN_LIMIT_PER_CLIENT: '1000000',
      SIGNUP_LIMIT_PER_HOUR: '1000000',
      SYNC_LIMIT_PER_MINUTE: '1000000',
      ...databaseEnv,
    },
  })
  const close = once(() => server.close())
  options.defer(close)
  try {
    const rssAfterStartMiB = await residentMiB(server.pid)
    progress(
      `Accounts (${database}): ready in ${(server.readyMs / 1000).toFixed(2)} s; ${ACCOUNT_OPERATIONS} registrations, then sign-ins`,
    )
    const run = randomBytes(3).toString('hex')
    const email = (/** @type {number} */ index) => `bench-${run}-${index}@example.com`
    // One more of each than sampled: the first, as the process's code is first run, apart.
    const count = ACCOUNT_OPERATIONS + 1
    /** @type {number[]} */
    const registerMs = []
    for (let index = 0; index < count; index++) {
      const body = { name: NAME, email: email(index), password: PASSWORD }
      registerMs.push((await timedPost(server.url, '/api/account/register', body, 201)).ms)
    }
    /** @type {number[]} */
    const loginMs = []
    /** @type {string[]} a session per account, for the list sync's devices */
    const cookies = []
    let cookie = ''
    for (let index = 0; index < count; index++) {
      const body = { email: email(index), password: PASSWORD }
      const { ms, response } = await timedPost(server.url, '/api/account/login', body, 200)
      loginMs.push(ms)
      cookie = response.headers
        .getSetCookie()
        .map((header) => header.split(';')[0])
        .join('; ')
      cookies.push(cookie)
    }

    const accountUrl = `${server.url}/api/account`
    const check = await fetch(accountUrl, { headers: { cookie } })
    const profile = /** @type {{ email?: string }} */ (await check.json())
    if (check.status !== 200 || profile.email !== email(count - 1)) {
      throw new Error(`GET /api/account with the session answered ${check.status}`)
    }
    progress(`Accounts (${database}): load-testing GET /api/account, then the cached /api/tmdb`)
    const sessionChecked = await measureThroughput(accountUrl, { headers: { cookie } })
    const tmdbUrl = `${server.url}${options.cachedTmdbPath}`
    // Its first request fills the server's cache.
    await fetch(tmdbUrl).then((response) => response.arrayBuffer())
    const cachedTmdb = await measureThroughput(tmdbUrl)
    progress(`Accounts (${database}): list sync, 10,000 entries, then 50 devices at once`)
    const listSync = await measureListSync(server.url, cookies)
    const rssAfterLoadMiB = await residentMiB(server.pid)
    return {
      database,
      coldStartMs: Math.round(server.readyMs),
      rssAfterStartMiB,
      rssAfterLoadMiB,
      register: latency(registerMs),
      login: latency(loginMs),
      sessionChecked,
      cachedTmdb,
      listSync,
    }
  } finally {
    await close()
  }
}

/**
 * Both databases, one after the other: the embedded one always, PostgreSQL when its server can
 * be reached (else the reason it was skipped). Each gets a fresh, empty database, removed after.
 * @param {AccountsOptions} options
 * @returns {Promise<AccountsResult>}
 */
export async function measureAccounts(options) {
  const tmp = await mkdtemp(join(tmpdir(), 'movie-bench-accounts-'))
  const removeTmp = once(() => rm(tmp, { recursive: true, force: true }))
  options.defer(removeTmp)
  /** @type {AccountsMeasure} */
  let embedded
  try {
    embedded = await measureOne(
      'embedded',
      { DATA_DIR: join(tmp, 'data'), DATABASE_URL: '' },
      options,
    )
  } finally {
    await removeTmp()
  }

  const created = await createPostgresDatabase()
  if ('skipped' in created) {
    options.progress(`Accounts (postgres): skipped, ${created.skipped}`)
    return { embedded, postgres: { database: 'postgres', skipped: created.skipped } }
  }
  const drop = once(created.drop)
  options.defer(drop)
  try {
    const postgres = await measureOne('postgres', { DATABASE_URL: created.url }, options)
    return { embedded, postgres }
  } finally {
    await drop()
  }
}
