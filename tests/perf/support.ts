import { appendFileSync, mkdirSync } from 'node:fs'
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { atMost, median, ms, type Row } from '../../scripts/bench/rows'
import catalog from '../../src/shared/demo-catalog/catalog.gen.json' with { type: 'json' }
import { createMovieDb } from '../../src/shared/demo-catalog/db'

const { env } = process
/** The servers `npm run bench` starts (scripts/bench.ts), and the API latency it asks for. */
export const BENCH = {
  tmdb: env.BENCH_TMDB_URL ?? 'http://127.0.0.1:4700',
  static: env.BENCH_STATIC_URL ?? 'http://127.0.0.1:4701',
  server: env.BENCH_SERVER_URL ?? 'http://127.0.0.1:4702',
  latencyMs: Number(env.BENCH_LATENCY ?? 200),
}
export const db = createMovieDb(catalog)
const RUNS = 3
export const DESKTOP = `desktop, no throttling; median of ${RUNS} runs`
/** Every list entry is an article; the page marks when the first is in the DOM (seed, below). */
export const [CARD, FIRST_CARDS] = ['main article', 'bench:first-cards']

/** Rows of the bench's table, in test-results/perf/rows.jsonl; one over budget fails the test. */
export function record(section: string, ...rows: Row[]) {
  mkdirSync('test-results/perf', { recursive: true })
  for (const row of rows) {
    appendFileSync('test-results/perf/rows.jsonl', `${JSON.stringify({ section, ...row })}\n`)
    expect.soft(row.verdict, `${row.label}: ${row.value} (${row.budget})`).not.toBe('FAIL')
  }
}

/** `act` RUNS times, one after the other, and each figure of the runs by its name. */
export async function repeat<K extends string>(act: (run: number) => Promise<Record<K, number>>) {
  const runs: Record<K, number>[] = []
  for (let run = 0; run < RUNS; run++) runs.push(await act(run))
  const of = (figure: K) => runs.map((one) => one[figure])
  /** A figure of the run with the median `by`. */
  const ofMedianRun = (by: K, figure: K) =>
    [...runs].sort((a, b) => a[by] - b[by])[Math.floor(RUNS / 2)]?.[figure] ?? NaN
  return { of, ofMedianRun }
}
/** The median, then each run's figure. */
export const runsOf = (values: number[]) => `${ms(median(values))} (${values.map(ms).join(', ')})`
/** The longest task of the runs' median against 50 ms, each run's shown. */
export const longestOfRuns = (label: string, values: number[], more = '') =>
  atMost(label, median(values), 50, runsOf(values) + more)

/** In the page, before its scripts: `storage` set, and the FIRST_CARDS mark at the first card. */
function seed({ storage, card, mark }: { storage: object; card: string; mark: string }) {
  for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, String(value))
  const poll = () => {
    if (document.querySelector(card)) performance.mark(mark)
    else requestAnimationFrame(poll)
  }
  requestAnimationFrame(poll)
}

type Cookies = Parameters<BrowserContext['addCookies']>[0]
/** `act` in a page of a new context, with `storage` (seed) and `cookies`. */
export async function inNewPage<T>(
  browser: Browser,
  storage: object,
  act: (page: Page) => Promise<T>,
  cookies: Cookies = [],
) {
  const context = await browser.newContext()
  try {
    await context.addCookies(cookies)
    await context.addInitScript(seed, { storage, card: CARD, mark: FIRST_CARDS })
    return await act(await context.newPage())
  } finally {
    await context.close()
  }
}

export type Task = Record<'startTime' | 'duration' | 'cpu', number>
type Event = Record<'name' | 'ph', string> & Record<'pid' | 'tid' | 'ts', number>
type Timed = Event & { dur?: number; tdur?: number }

/**
 * `act` with the page's main thread traced, and every task of it (the Long Tasks API reports
 * those over 50 ms only), in ms from navigation, each with its time on the CPU: less than its
 * length when the thread waited for a busy CPU. `firstCards` is the FIRST_CARDS mark's time.
 */
export async function traced<T extends { firstCards: number }>(page: Page, act: () => Promise<T>) {
  const browser = page.context().browser()
  await browser?.startTracing(page, { categories: ['toplevel', 'blink.user_timing'] })
  const result = await act()
  const trace = String(await browser?.stopTracing())
  const { traceEvents } = JSON.parse(trace) as { traceEvents: Timed[] }
  const mark = traceEvents.find((event) => event.name === FIRST_CARDS)
  if (!mark) throw new Error(`the trace has no "${FIRST_CARDS}" mark`)
  const ours = ({ pid, tid, ph }: Event) => pid === mark.pid && tid === mark.tid && ph === 'X'
  const tasks: Task[] = []
  let busyUntil = -Infinity
  const events = traceEvents.filter(ours).sort((a, b) => a.ts - b.ts)
  for (const { name, ts, dur = 0, tdur = dur } of events) {
    // A task run inside another (a nested run loop) is part of that one.
    if (name !== 'ThreadControllerImpl::RunTask' || ts < busyUntil) continue
    busyUntil = ts + dur
    const startTime = result.firstCards + (ts - mark.ts) / 1000
    if (startTime >= 0) tasks.push({ startTime, duration: dur / 1000, cpu: tdur / 1000 })
  }
  return { ...result, tasks }
}

const NONE: Task = { startTime: 0, duration: 0, cpu: 0 }
/** The longest of the tasks starting from `from` until `to`. */
export const longest = (tasks: Task[], from = -Infinity, to = Infinity) =>
  tasks
    .filter(({ startTime }) => startTime >= from && startTime < to)
    .reduce((most, task) => (task.duration > most.duration ? task : most), NONE)
/** How many of the tasks from `from` on are long ones, over 50 ms. */
export const longTasks = (tasks: Task[], from = -Infinity) =>
  tasks.filter(({ startTime, duration }) => startTime >= from && duration > 50).length
