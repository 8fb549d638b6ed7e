/**
 * npm run bench [-- --quick] [-- --only=size|lighthouse|perf|load] [-- --runs=5] [-- --latency=200]
 *
 * Serves the app both ways in front of a local TMDB (bench/tmdb.ts): the static credentialed
 * build as a CDN would (bench/static-server.mjs), and `npm start` in proxy mode. Size Limit,
 * Lighthouse CI (--runs a route), the Playwright perf tests (tests/perf, TMDB answering in
 * --latency ms) and autocannon (bench/load.ts) measure them. Prints every figure against its
 * budget, kept in bench/results.json, and exits 1 if one fails. --quick skips Lighthouse.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { measureLoad, startNode } from './bench/load'
import { checked, info, median, ms, type Row, type Section } from './bench/rows'
import { startStaticServer } from './bench/static-server.mjs'
import { db, startTmdb } from './bench/tmdb'
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs'
import { pageScriptChecks, pageScripts } from './page-scripts.mjs'

const { values: options } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    runs: { type: 'string', default: process.env.BENCH_RUNS ?? '5' },
    latency: { type: 'string', default: process.env.BENCH_LATENCY ?? '200' },
  },
})
const ROOT = join(import.meta.dirname, '..')
const PORT = Number(process.env.BENCH_PORT ?? 4700)
const local = (offset: number) => `http://127.0.0.1:${String(PORT + offset)}`
const [tmdbUrl, staticUrl, serverUrl] = [local(0), local(1), local(2)]
const URLS = { BENCH_TMDB_URL: tmdbUrl, BENCH_STATIC_URL: staticUrl, BENCH_SERVER_URL: serverUrl }
const popular = db.movies[0] ?? { id: 0, poster_path: null }
const ROUTES = ['/', '/search?q=star', `/movie/${String(popular.id)}`, '/login']
const started = performance.now()
const progress = (message: string) => {
  console.error(`[bench ${((performance.now() - started) / 1000).toFixed(0)} s] ${message}`)
}
/** Set by a tool that exits with an error, a build's or a budget's. */
const outcome = { failed: false }

/** A tool of node_modules/.bin, its output on stderr unless `capture`d. */
const tool = (name: string, args: string[], vars: NodeJS.ProcessEnv = {}, capture = false) =>
  new Promise<string>((resolve, reject) => {
    const options = { cwd: ROOT, env: { ...process.env, ...vars } }
    const stdio = ['ignore', capture ? 'pipe' : 2, 2] satisfies ('pipe' | 'ignore' | 2)[]
    const child = spawn(join(ROOT, 'node_modules/.bin', name), args, { ...options, stdio })
    let stdout = ''
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.on('error', reject).on('exit', (code) => {
      outcome.failed ||= code !== 0
      resolve(stdout)
    })
  })

const tmp = mkdtempSync(join(tmpdir(), 'cinelist-bench-'))
const [live, demo, deployed] = [join(tmp, 'live'), join(tmp, 'demo'), join(tmp, 'deployed')]
// Inside the project, so that the server's bundle finds its packages in node_modules.
const serverDir = join(ROOT, 'node_modules/.cache/bench-server')
const build = (outDir = '', key = '', api = '', image = '') => {
  const vars = { VITE_TMDB_TOKEN: key, VITE_TMDB_API_KEY: key, VITE_TMDB_API_URL: api }
  const args = ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error']
  return tool('vite', args, { ...vars, VITE_TMDB_IMAGE_URL: image })
}
const SERVER_ENV = {
  DIST_DIR: demo,
  LOG_LEVEL: 'warn',
  ...{ TMDB_TOKEN: 'bench', TMDB_API_KEY: '', TMDB_API_URL: tmdbUrl },
  TMDB_IMAGE_URL: `${tmdbUrl}/t/p`,
  // Every request comes from the bench: the limits per client are for people.
  ...{ RATE_LIMIT_MAX: '100000000', LOGIN_LIMIT_PER_CLIENT: '1000000' },
  ...{ SIGNUP_LIMIT_PER_HOUR: '1000000', SYNC_LIMIT_PER_MINUTE: '1000000' },
}
/** `npm start` over the demo build with a credential, in front of the bench TMDB. */
const startApp = (port: number, vars: NodeJS.ProcessEnv) =>
  startNode([join(serverDir, 'main.js')], { ...SERVER_ENV, PORT: String(port), ...vars }, port)

type Check = { name: string; size: number; sizeLimit?: number; passed?: boolean }
async function bytes(): Promise<Section[]> {
  progress('Size Limit, on a credentialed build calling TMDB itself')
  await build(deployed, 'bench')
  const vars = { SIZE_LIMIT_DIST: deployed, SIZE_LIMIT_FILES: '1' }
  const checks = JSON.parse(await tool('size-limit', ['--json'], vars, true)) as Check[]
  const pages = new Map(pageScriptChecks(deployed).map(({ name, path }) => [name, path.length]))
  // The pages in their order, then the start-up files, then the lazy ones, each by size.
  const rank = ({ name }: Check) => (pages.has(name) ? 0 : name.startsWith('start-up') ? 1 : 2)
  checks.sort((a, b) => rank(a) - rank(b) || (rank(a) && b.size - a.size))
  const kib = (size: number) => `${(size / 1024).toFixed(1)} KiB`
  const rows = checks.map(({ name, size, sizeLimit, passed = false }) => {
    const value = `${kib(size)} (${String(pages.get(name))} files)`
    return sizeLimit ? checked(name, value, `<= ${kib(sizeLimit)}`, passed) : info(name, kib(size))
  })
  const poster = popular.poster_path ?? '-'
  const eager = pageScripts(demo, '/').filter((file) => {
    const text = readFileSync(join(demo, file), 'utf8')
    return text.includes(poster) || text.includes('[MSW]')
  })
  const label = 'catalog and MSW outside the initial JS'
  return [
    { title: 'Bytes, credentialed build calling TMDB (gzip, Size Limit)', rows },
    { title: 'Demo build', rows: [checked(label, eager.join() || 'yes', 'lazy', !eager.length)] },
  ]
}

const LCP = 'largest-contentful-paint'
const [CLS, TBT] = ['cumulative-layout-shift', 'total-blocking-time']
const NAMES: Record<string, string> = { seo: 'SEO', [LCP]: 'LCP', [CLS]: 'CLS', [TBT]: 'TBT' }
const STATIC_METRICS = ['performance', 'accessibility', 'best-practices', 'seo', LCP, TBT, CLS]
const SERVER_METRICS = ['performance', 'best-practices', TBT, LCP]
type Assertion = { url: string; auditId: string; auditProperty?: string; operator: string }
type Result = Assertion & { expected: number; actual: number; values: number[]; passed: boolean }
type Lhr = { requestedUrl: string; finalUrl: string; environment: { benchmarkIndex: number } }
type Audits = { audits: Partial<Record<string, { numericValue: number }>> }
function show(metric: string, value: number) {
  if (metric === LCP) return `${(value / 1000).toFixed(2)} s`
  if (metric === TBT) return ms(value)
  return metric === CLS ? value.toFixed(3) : String(Math.round(value * 100))
}

async function lighthouse(): Promise<Section[]> {
  progress('Warming up each route at a phone size: the posters rasterised, the server cache filled')
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS })
  // Lighthouse's phone: 412 by 823 at 1.75 device pixels to the CSS pixel.
  const phone = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 }
  const page = await browser.newPage(phone)
  for (const url of ROUTES.flatMap((route) => [staticUrl + route, serverUrl + route])) {
    await page.goto(url, { waitUntil: 'networkidle' })
  }
  await browser.close()
  const vars = { ...URLS, BENCH_RUNS: options.runs, BENCH_MOVIE_ID: String(popular.id) }
  for (const mode of ['static', 'server']) {
    progress(`Lighthouse CI, the ${mode} build, ${options.runs} runs a route`)
    const additive = mode === 'server' ? ['--additive'] : []
    await tool('lhci', ['collect', ...additive], { ...vars, BENCH_MODE: mode })
  }
  await tool('lhci', ['assert'], vars)
  const dir = join(ROOT, '.lighthouseci')
  const read = (name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as unknown
  const results = read('assertion-results.json') as Result[]
  const files = readdirSync(dir).filter((name) => /^lhr-.*\.json$/.test(name))
  const lhrs = files.map((name) => read(name) as Lhr & Audits)
  const homeLcps: number[] = []
  const section = (title: string, base: string, metrics: string[]) => {
    const rows: Row[] = []
    const indexes: number[] = []
    for (const route of ROUTES) {
      const runs = lhrs.filter((lhr) => lhr.requestedUrl === base + route)
      indexes.push(median(runs.map((lhr) => lhr.environment.benchmarkIndex)))
      const ours = ({ url, auditId, auditProperty }: Assertion, metric: string) =>
        url === runs[0]?.finalUrl && (auditProperty ?? auditId) === metric
      for (const metric of metrics) {
        const label = `${route}  ${NAMES[metric] ?? metric.replace('-', ' ')}`
        const result = results.find((one) => ours(one, metric))
        const runValues = runs.map((lhr) => lhr.audits[metric]?.numericValue ?? NaN)
        if (route === '/' && metric === LCP) homeLcps.push(result?.actual ?? NaN)
        if (!result) {
          rows.push(info(`${label} (median)`, show(metric, median(runValues))))
          continue
        }
        const { values, actual, operator, expected, passed } = result
        const several = values.length > 1
        const all = several ? `  (${values.map((v) => show(metric, v)).join(', ')})` : ''
        const aggregate = several ? `median of ${String(values.length)}` : 'median run'
        const budget = `${operator} ${show(metric, expected)}`
        rows.push(checked(`${label} (${aggregate})`, show(metric, actual) + all, budget, passed))
      }
    }
    const index = info('CPU benchmark index, median per route (Lighthouse)', indexes.join(' / '))
    return { title, rows: [...rows, index] }
  }
  const mobile = '(mobile, simulated throttling; API latency 0 ms)'
  const sections = [
    section(`Lighthouse CI, static build ${mobile}`, staticUrl, STATIC_METRICS),
    section(`Lighthouse CI, npm start in proxy mode ${mobile}`, serverUrl, SERVER_METRICS),
  ]
  const [staticLcp = NaN, serverLcp = NaN] = homeLcps
  const value = `${show(LCP, serverLcp)} (${show(LCP, staticLcp)})`
  const label = '/  LCP against the static build'
  sections[1]?.rows.push(checked(label, value, '<= static', serverLcp <= staticLcp))
  return sections
}

async function perf(tmdb: { setLatency: (ms: number) => unknown }): Promise<Section[]> {
  progress(`Playwright perf tests (tests/perf), TMDB latency ${options.latency} ms`)
  tmdb.setLatency(Number(options.latency))
  const vars = { ...URLS, BENCH_LATENCY: options.latency }
  await tool('playwright', ['test', '-c', 'tests/perf'], vars)
  tmdb.setLatency(0)
  const sections: Section[] = []
  const lines = readFileSync(join(ROOT, 'test-results/perf/rows.jsonl'), 'utf8').trim().split('\n')
  for (const line of lines) {
    const { section, ...row } = JSON.parse(line) as Row & { section: string }
    if (sections.at(-1)?.title !== section) sections.push({ title: section, rows: [] })
    sections.at(-1)?.rows.push(row)
  }
  return sections
}

function table(sections: Section[]) {
  const rows = sections.flatMap((section) => section.rows)
  const header = { label: 'Measure', value: 'Value', budget: 'Budget', verdict: 'Result' }
  const keys = ['label', 'value', 'budget', 'verdict'] as const
  const widths = keys.map((key) => Math.max(...[header, ...rows].map((row) => row[key].length)))
  const line = (row: Record<(typeof keys)[number], string>) =>
    keys
      .map((key, i) => row[key][key === 'value' ? 'padStart' : 'padEnd'](widths[i] ?? 0))
      .join('  ')
      .trimEnd()
  const rule = '='.repeat(widths.reduce((sum, width) => sum + width + 2, -2))
  const title = (text: string) => `-- ${text} `.padEnd(rule.length, '-')
  const body = sections.flatMap((section) => [title(section.title), ...section.rows.map(line)])
  const count = (verdict: string) => String(rows.filter((row) => row.verdict === verdict).length)
  return [line(header), rule, ...body, rule, `${count('PASS')} PASS, ${count('FAIL')} FAIL`]
}

const closing: (() => Promise<unknown>)[] = []
const cleanUp = async () => {
  for (const close of closing.reverse()) await close().catch(console.error)
  for (const dir of [tmp, serverDir]) rmSync(dir, { recursive: true, force: true })
}
process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)))
const loadAtStart = loadavg()
try {
  progress('Building the credentialed app (calling the bench TMDB), the demo app and the server')
  await build(live, 'bench', tmdbUrl, `${tmdbUrl}/t/p`)
  await build(demo)
  await tool('vite', ['build', '-c', 'server/vite.config.ts', '--outDir', serverDir, '-l', 'error'])
  if (outcome.failed) throw new Error('a build failed')
  const tmdb = await startTmdb(PORT)
  closing.push(tmdb.close)
  closing.push((await startStaticServer(live, { port: PORT + 1 })).close)
  closing.push((await startApp(PORT + 2, { DATA_DIR: join(tmp, 'data'), DATABASE_URL: '' })).close)
  progress(`TMDB on ${tmdbUrl}, the static build on ${staticUrl}, npm start on ${serverUrl}`)
  const load = { serverUrl, port: PORT + 3, dataDir: join(tmp, 'accounts'), startApp, progress }
  const runs = (part: string) =>
    (options.only ?? part) === part && !(options.quick && part === 'lighthouse')
  const sections = [
    ...(runs('size') ? await bytes() : []),
    ...(runs('lighthouse') ? await lighthouse() : []),
    ...(runs('perf') ? await perf(tmdb) : []),
    ...(runs('load') ? await measureLoad(load) : []),
  ]
  const average = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ')
  const machine = `load average ${average(loadAtStart)} at start, ${average(loadavg())} at end`
  const meta = { date: new Date().toISOString(), node: process.version, options, machine }
  mkdirSync(join(ROOT, 'bench'), { recursive: true })
  const results = `${JSON.stringify({ meta, sections }, null, 2)}\n`
  writeFileSync(join(ROOT, 'bench/results.json'), results)
  const cores = `${String(availableParallelism())} cores: more means contention`
  const wall = `Wall time ${((performance.now() - started) / 1000).toFixed(0)} s.`
  const header = `Node ${process.version}, ${machine} (${cores}).`
  console.log([header, '', ...table(sections), wall].join('\n'))
  outcome.failed ||= sections.some((section) => section.rows.some((row) => row.verdict === 'FAIL'))
} catch (error) {
  console.error('bench failed:', error)
  outcome.failed = true
} finally {
  progress('Cleaning up')
  await cleanUp()
}
process.exitCode = outcome.failed ? 1 : 0
