/**
 * `npm start` under load, by autocannon: the cached TMDB proxy against a bare node:http server
 * sending the same bytes, pages rendered per second, and the accounts on a new embedded database
 * and a new PostgreSQL one: cold start, memory, registering and signing in, session checks, list
 * sync, and /healthz while fifty devices sync.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import autocannon, { type Options } from 'autocannon'
import pg from 'pg'
import { buildRequest, discoverRequest } from '../../src/lib/tmdb/requests'
import { atMost, checked, info, median, ms, percentile, type Row, type Section } from './rows'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type Env = NodeJS.ProcessEnv
/** `node <args>` with `env`, timed from its spawn until `ready` answers 200. */
export async function startNode(args: string[], env: Env, port: number, ready = '/readyz') {
  const started = performance.now()
  const stdio = ['ignore', 'ignore', 'inherit'] satisfies ('ignore' | 'inherit')[]
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const url = `http://127.0.0.1:${String(port)}`
  const up = async () => (await fetch(url + ready).catch(() => undefined))?.ok
  for (let tries = 0; !(await up()); tries++) {
    if (child.exitCode !== null || tries > 2000) throw new Error(`${args.join(' ')} did not start`)
    await sleep(25)
  }
  const close = async () => {
    if (child.exitCode === null) child.kill()
    await exited
  }
  return { url, pid: child.pid ?? 0, readyMs: performance.now() - started, close }
}
type Server = Awaited<ReturnType<typeof startNode>>

/** Requests per second after a second unmeasured, so that every server is compared warm. */
async function cannon(options: Options) {
  await autocannon({ connections: 10, ...options, duration: 1 })
  const result = await autocannon({ connections: 10, duration: 5, ...options })
  const { errors, non2xx } = result
  const [perSecond, clean] = [Math.round(result.requests.average), errors + non2xx === 0]
  const p99 = ms(result.latency.p99)
  const problems = clean ? 'no errors' : `${String(errors)} errors, ${String(non2xx)} non-2xx`
  const value = `${String(perSecond)} (${p99}), ${problems}`
  /** Its requests per second against `min`. */
  const row = (label: string, min: number) =>
    checked(label, value, `>= ${String(min)}, no errors`, clean && perSecond >= min)
  return { perSecond, clean, p99, row }
}

/** Home's first TMDB request, as the page asks `npm start` for it: its answer is cached. */
const CACHED = buildRequest(
  { apiUrl: '/api/tmdb', imageUrl: '', token: '', apiKey: '', demo: false, proxied: true },
  discoverRequest(1),
).url
const BARE = `const body = Buffer.from(process.env.BODY, 'base64')
require('node:http').createServer((_, res) => res.writeHead(200, JSON.parse(process.env.HEADERS))
  .end(body)).listen(process.env.PORT, '127.0.0.1')`
const HOP_BY_HOP = ['content-length', 'connection', 'keep-alive', 'date', 'transfer-encoding']

async function throughput(serverUrl: string, barePort: number) {
  const response = await fetch(serverUrl + CACHED)
  const headers = [...response.headers].filter(([name]) => !HOP_BY_HOP.includes(name))
  const BODY = Buffer.from(await response.arrayBuffer()).toString('base64')
  const env = { BODY, HEADERS: JSON.stringify(Object.fromEntries(headers)), PORT: String(barePort) }
  const proxy = await cannon({ url: serverUrl + CACHED })
  const bare = await startNode(['-e', BARE], env, barePort, '/')
  const direct = await cannon({ url: bare.url + CACHED }).finally(bare.close)
  const home = await cannon({ url: `${serverUrl}/`, headers: { 'accept-encoding': 'br, gzip' } })
  const ratio = proxy.perSecond / direct.perSecond
  const versus = `${ratio.toFixed(2)}x (${String(proxy.perSecond)} vs ${String(direct.perSecond)})`
  const [label, fast] = ['/api/tmdb discover, cached', ratio >= 0.5 && proxy.clean]
  const rows = [
    checked(`${label}: req/s vs bare node:http`, versus, '>= 0.5x, no errors', fast),
    info(`${label}: p99 latency (bare)`, `${proxy.p99} (${direct.p99})`),
    home.row('/ rendered on the server: req/s (p99), 10 connections', 40),
  ]
  return { rows, proxied: proxy.perSecond }
}

export const FIRST_SYNC_ENTRIES = 10_000
/** A film put on a list, as the page sends the edit. */
export function edit(list: string, movieId: number, editedAt: number) {
  const movie = { title: `Film ${String(movieId)}`, poster_path: `/poster-${String(movieId)}.jpg` }
  const added_at = new Date(editedAt).toISOString()
  const details = { release_date: '1999-03-31', vote_average: 7.5, added_at }
  return { list, movieId, present: true, editedAt, movie: { ...movie, ...details } }
}

/** A same-origin JSON POST, timed, and the cookie it sets; throws unless it answers `status`. */
export async function post(url: string, body: unknown, status = 200, cookie = '') {
  const started = performance.now()
  const headers = { 'content-type': 'application/json', origin: new URL(url).origin, cookie }
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) })
  const text = await response.text()
  if (response.status !== status) throw new Error(`POST ${url}: ${String(response.status)}`)
  const [session = ''] = response.headers.getSetCookie().map((one) => one.split(';')[0])
  return { ms: performance.now() - started, text, session }
}

const p50p95 = (values: number[]) =>
  `${ms(percentile(values, 0.5))} / ${ms(percentile(values, 0.95))}`
const residentMiB = (pid: number) => {
  const kib = /^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'))?.[1]
  return Math.round(Number(kib) / 1024)
}

const BUDGETS = {
  embedded: { startS: 15, rssMiB: 1024, sessionsPerSecond: 200, syncsPerSecond: 45 },
  PostgreSQL: { startS: 3, rssMiB: 400, sessionsPerSecond: 400, syncsPerSecond: 150 },
}
type Database = keyof typeof BUDGETS

/** One `npm start` on an empty database, from its spawn to its memory after the load. */
async function accounts(database: Database, server: Server, proxied: number) {
  const { startS, rssMiB, sessionsPerSecond, syncsPerSecond } = BUDGETS[database]
  const rss = (label: string, mib = residentMiB(server.pid)) =>
    checked(label, `${String(mib)} MiB`, `<= ${String(rssMiB)} MiB`, mib <= rssMiB)
  const coldStart = server.readyMs / 1000
  const startLabel = 'cold start to /readyz 200, empty database'
  const rows = [
    checked(startLabel, `${coldStart.toFixed(2)} s`, `<= ${String(startS)} s`, coldStart <= startS),
    rss('RSS after start'),
  ]
  const run = randomBytes(3).toString('hex')
  const cookies: string[] = []
  // 30 of each in a row, after a first apart: its code is not compiled yet.
  for (const [action, status] of Object.entries({ register: 201, login: 200 })) {
    const times: number[] = []
    for (let index = 0; index <= 30; index++) {
      const email = `bench-${run}-${String(index)}@example.com`
      const account = { name: 'Benchuser', email, password: 'Bench-pass7' }
      const sent = await post(`${server.url}/api/account/${action}`, account, status)
      if (action === 'login') cookies.push(sent.session)
      times.push(sent.ms)
    }
    const [first = NaN, ...samples] = times
    const label = `${action} p50 / p95 (30 in a row, after the first)`
    const value = `${p50p95(samples)}; first ${ms(first)}`
    rows.push(checked(label, value, 'p95 <= 1000 ms', percentile(samples, 0.95) <= 1000))
  }
  const headers = { cookie: cookies.at(-1) ?? '' }
  const session = await cannon({ url: `${server.url}/api/account`, headers })
  rows.push(session.row('GET /api/account, session-checked: req/s (p99)', sessionsPerSecond))
  await fetch(server.url + CACHED).then((response) => response.arrayBuffer())
  const { perSecond } = await cannon({ url: server.url + CACHED })
  const tmdb = `${String(perSecond)} (${String(proxied)})`
  rows.push(info('cached /api/tmdb, same process: req/s (the load row above)', tmdb))
  rows.push(...(await listSync(server.url, cookies, syncsPerSecond)))
  rows.push(rss('RSS after the load'))
  return rows.map((row) => ({ ...row, label: `${database}: ${row.label}` }))
}

/** A first sync of 10,000 entries, one change since the last, then fifty devices at once. */
async function listSync(url: string, cookies: string[], minPerSecond: number) {
  const [first = '', ...devices] = cookies
  const path = `${url}/api/account/lists/sync`
  const sync = async (changes: unknown[], since: number) => {
    const { ms: time, text } = await post(path, { since, changes }, 200, first)
    return { time, seq: (JSON.parse(text) as { seq: number }).seq }
  }
  const now = Date.now()
  const entries = Array.from({ length: FIRST_SYNC_ENTRIES }, (_, index) =>
    edit(index % 2 ? 'watchlist' : 'seen', index + 1, now - index),
  )
  const initial = await sync(entries, 0)
  const incremental: number[] = []
  for (let index = 0, since = initial.seq; index < 10; index++) {
    const next = await sync([edit('favorites', 900_000 + index, Date.now())], since)
    incremental.push(next.time)
    since = next.seq
  }
  let sent = 0
  const setupRequest = (request: object) => {
    const changes = [edit('watchlist', 1_000_000 + ++sent, Date.now())]
    const cookie = devices[sent % devices.length] ?? first
    const headers = { 'content-type': 'application/json', origin: url, cookie }
    return { ...request, headers, body: JSON.stringify({ since: 0, changes }) }
  }
  const load = cannon({ url: path, connections: 50, requests: [{ method: 'POST', setupRequest }] })
  // /healthz asked one at a time meanwhile, after autocannon's unmeasured second.
  const [end, health] = [Date.now() + 6000, [] as number[]]
  for (await sleep(1000); Date.now() < end; await sleep(20)) {
    const asked = performance.now()
    await fetch(`${url}/healthz`).then((response) => response.arrayBuffer())
    health.push(performance.now() - asked)
  }
  const healthz = `GET /healthz meanwhile: p50 / p95 (${String(health.length)} asked)`
  return [
    atMost(`list sync: first, ${entries.length.toLocaleString('en')} entries`, initial.time, 3000),
    atMost('list sync: 1 change, incremental (median of 10)', median(incremental), 100),
    (await load).row('list sync: req/s, 50 devices at once (p99)', minPerSecond),
    atMost(healthz, percentile(health, 0.95), 100, p50p95(health)),
  ]
}

/** A database of the run's own on the PostgreSQL server, or why there is none. */
async function postgresDatabase() {
  const { BENCH_DATABASE_URL, DATABASE_TEST_URL } = process.env
  const server = BENCH_DATABASE_URL || DATABASE_TEST_URL || 'postgres://postgres@127.0.0.1/test'
  const name = `cinelist_bench_${randomBytes(6).toString('hex')}`
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: server, connectionTimeoutMillis: 5000 })
    await client.connect()
    await client.query(sql).finally(() => client.end())
  }
  try {
    await admin(`CREATE DATABASE "${name}"`)
  } catch (error) {
    return `${String(error)} (${server.replace(/:[^:@/]*@/, ':***@')})`
  }
  const url = new URL(server)
  url.pathname = `/${name}`
  return { url: url.href, drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) }
}

export interface LoadOptions {
  serverUrl: string
  /** Free for the bare server, the next one for each database's own `npm start`. */
  port: number
  dataDir: string
  startApp: (port: number, env: Env) => Promise<Server>
  progress: (message: string) => void
}

export async function measureLoad({ serverUrl, port, dataDir, startApp, progress }: LoadOptions) {
  progress('autocannon: npm start against a bare node:http server, then rendered pages')
  const { rows, proxied } = await throughput(serverUrl, port)
  // Each database new, and a server started on it: the cold start is one of the figures.
  const measure = async (database: Database, env: Env): Promise<Row[]> => {
    progress(`autocannon: accounts on the ${database} database`)
    const server = await startApp(port + 1, { ACCOUNTS: 'server', AUTH_SECRET: '', ...env })
    return accounts(database, server, proxied).finally(server.close)
  }
  const embedded = await measure('embedded', { DATA_DIR: dataDir, DATABASE_URL: '' })
  const created = await postgresDatabase()
  if (typeof created === 'string') progress(`PostgreSQL skipped: ${created}`)
  const postgres =
    typeof created === 'string'
      ? embedded.map((row) => info(row.label.replace('embedded', 'PostgreSQL'), 'skipped'))
      : await measure('PostgreSQL', { DATABASE_URL: created.url }).finally(created.drop)
  const paired = embedded.flatMap((row, index) => [row, ...postgres.slice(index, index + 1)])
  return [
    { title: 'npm start under load (proxy mode, autocannon)', rows },
    { title: 'Accounts (npm start: timed requests, autocannon)', rows: paired },
  ] satisfies Section[]
}
