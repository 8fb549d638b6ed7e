import { appendFileSync, mkdirSync } from 'node:fs'
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test'
import type { Row } from '../../scripts/bench/rows'

const { env } = process
/** The servers `npm run bench` starts (scripts/bench.ts), and the API latency it asks for. */
export const BENCH = {
  tmdb: env.BENCH_TMDB_URL ?? 'http://127.0.0.1:4700',
  static: env.BENCH_STATIC_URL ?? 'http://127.0.0.1:4701',
  server: env.BENCH_SERVER_URL ?? 'http://127.0.0.1:4702',
  latencyMs: Number(env.BENCH_LATENCY ?? 200),
}
export const RUNS = 3
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

export interface Task {
  startTime: number
  duration: number
  cpu: number
}
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
  const ours = (event: Event) =>
    event.pid === mark.pid && event.tid === mark.tid && event.ph === 'X'
  const tasks: Task[] = []
  let busyUntil = -Infinity
  for (const { name, ts, dur = 0, tdur = dur } of traceEvents
    .filter(ours)
    .sort((a, b) => a.ts - b.ts)) {
    // A task run inside another (a nested run loop) is part of that one.
    if (name !== 'ThreadControllerImpl::RunTask' || ts < busyUntil) continue
    busyUntil = ts + dur
    const startTime = result.firstCards + (ts - mark.ts) / 1000
    if (startTime >= 0) tasks.push({ startTime, duration: dur / 1000, cpu: tdur / 1000 })
  }
  return { ...result, tasks }
}

export const longest = (tasks: Task[]) => Math.max(0, ...tasks.map((task) => task.duration))
export const longTasks = (tasks: Task[]) => tasks.filter((task) => task.duration > 50).length
/** The run with the median `figure`. */
export const medianRun = <T>(runs: T[], figure: (run: T) => number) =>
  [...runs].sort((a, b) => figure(a) - figure(b))[Math.floor(runs.length / 2)]
