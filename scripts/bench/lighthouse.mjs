// @ts-check
/** Lighthouse (default mobile config, simulated throttling) on each route, one Chromium for all. */
import { Launcher, launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { BROWSER_UI_FEATURES, CHROMIUM_ARGS, withDisabledFeatures } from '../chromium.mjs'

export const CATEGORIES = /** @type {const} */ ([
  'performance',
  'accessibility',
  'best-practices',
  'seo',
])

/**
 * @typedef {typeof CATEGORIES[number]} Category
 * @typedef {{ id: string, title: string, displayValue?: string, items: string[] }} FailedAudit
 * @typedef {{
 *   route: string,
 *   scores: Record<Category, number | null>,
 *   performanceRuns: (number | null)[],
 *   lcpMs: number | null,
 *   lcpRunsMs: (number | null)[],
 *   tbtMs: number | null,
 *   cls: number | null,
 *   scriptTransferBytes: number,
 *   benchmarkIndex: number | null,
 *   lcpElement: string[],
 *   lcpPhases: { phase: string, ms: number }[],
 *   layoutShifts: { element: string, score: number }[],
 *   failedAudits: Record<Category, FailedAudit[]>,
 * }} LighthouseResult
 */

/**
 * @param {import('lighthouse').Result} lhr
 * @param {string} id
 */
const numeric = (lhr, id) => lhr.audits[id]?.numericValue ?? null

/**
 * Audits of a category that count towards its score and did not pass.
 * @param {import('lighthouse').Result} lhr
 * @param {Category} category
 * @returns {FailedAudit[]}
 */
function failedAudits(lhr, category) {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .flatMap((ref) => {
      const audit = lhr.audits[ref.id]
      if (!audit || audit.score === null || audit.score >= 1) return []
      const { id, title, displayValue } = audit
      return [
        { id, title, ...(displayValue ? { displayValue } : {}), items: describeItems(lhr, id) },
      ]
    })
}

/**
 * Every element (selector and snippet) named anywhere in `value`, an audit's details.
 * @param {unknown} value
 * @returns {string[]}
 */
function elementsIn(value) {
  if (Array.isArray(value)) return value.flatMap(elementsIn)
  if (!value || typeof value !== 'object') return []
  const record = /** @type {Record<string, unknown>} */ (value)
  if (record.type === 'node') return [`${String(record.selector)} ${String(record.snippet)}`]
  return Object.values(record).flatMap(elementsIn)
}

/**
 * Table rows of an audit's details (at the top or inside a list).
 * @param {import('lighthouse').Result} lhr
 * @param {string} id
 * @returns {Record<string, unknown>[]}
 */
function tableItems(lhr, id) {
  const details = lhr.audits[id]?.details
  if (details?.type === 'table') return details.items
  if (details?.type === 'list') {
    return details.items.flatMap((item) => (item.type === 'table' ? item.items : []))
  }
  return []
}

/**
 * One line per row of a failed audit's table: what the console said, which issue, which element.
 * @param {import('lighthouse').Result} lhr
 * @param {string} id
 * @returns {string[]}
 */
function describeItems(lhr, id) {
  return tableItems(lhr, id).map((item) => {
    const parts = [item.issueType, item.source, item.description, item.url]
      .filter((part) => typeof part === 'string' && part !== '')
      .map(String)
    const subItems = /** @type {{ items?: unknown } | undefined} */ (item.subItems)
    const urls = Array.isArray(subItems?.items)
      ? subItems.items.map((sub) => String(/** @type {{ url?: unknown }} */ (sub).url ?? ''))
      : []
    return [...parts, ...elementsIn(item.node), ...urls].filter(Boolean).join(' | ')
  })
}

/** @param {import('lighthouse').Result} lhr */
function diagnostics(lhr) {
  const lcpItems = tableItems(lhr, 'largest-contentful-paint-element')
  return {
    benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
    lcpElement: elementsIn(lcpItems.filter((item) => 'node' in item)),
    lcpPhases: lcpItems
      .filter((item) => 'phase' in item)
      .map((item) => ({ phase: String(item.phase), ms: Math.round(Number(item.timing)) })),
    layoutShifts: tableItems(lhr, 'layout-shifts').map((item) => ({
      element: elementsIn(item.node).join(' ') || 'unknown',
      score: Number(item.score),
    })),
  }
}

/** @param {import('lighthouse').Result} lhr */
function scriptTransferBytes(lhr) {
  const details = lhr.audits['network-requests']?.details
  if (details?.type !== 'table') return 0
  return details.items
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (typeof item.transferSize === 'number' ? item.transferSize : 0), 0)
}

/**
 * Where each run starts, instead of about:blank: a missing file of the origin under test (a
 * plain 404). From about:blank, Chromium here starts the page in a new renderer process only
 * when the page is sent with Cross-Origin-Opener-Policy (`npm start`) and reuses the blank
 * tab's otherwise (a static host): on two cores that process's start-up landed in the page's
 * load and cost the server's pages 10 to 15 performance points the static build's were spared.
 * A visitor's browser has a renderer ready (its spare process); both modes start alike here.
 */
const START_PAGE = '/lighthouse-start.txt'

/**
 * One Lighthouse run of `route`.
 * @param {number} port
 * @param {string} baseUrl
 * @param {string} route
 * @returns {Promise<LighthouseResult>}
 */
async function audit(port, baseUrl, route) {
  const runnerResult = await lighthouse(baseUrl + route, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    blankPage: baseUrl + START_PAGE,
  })
  const lhr = runnerResult?.lhr
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${route}`)
  if (lhr.runtimeError) {
    throw new Error(`Lighthouse failed on ${route}: ${lhr.runtimeError.message}`)
  }
  const score = (/** @type {Category} */ id) => {
    const value = lhr.categories[id]?.score
    return typeof value === 'number' ? Math.round(value * 100) : null
  }
  const performance = score('performance')
  return {
    route,
    scores: {
      performance,
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    performanceRuns: [performance],
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    lcpRunsMs: [numeric(lhr, 'largest-contentful-paint')],
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    scriptTransferBytes: scriptTransferBytes(lhr),
    ...diagnostics(lhr),
    failedAudits: {
      performance: failedAudits(lhr, 'performance'),
      accessibility: failedAudits(lhr, 'accessibility'),
      'best-practices': failedAudits(lhr, 'best-practices'),
      seo: failedAudits(lhr, 'seo'),
    },
  }
}

/**
 * The run with the median performance score, as Lighthouse's own guidance suggests for a
 * variable machine; it carries every run's score.
 * @param {LighthouseResult[]} runs
 * @returns {LighthouseResult}
 */
function medianRun(runs) {
  const sorted = [...runs].sort(
    (a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1),
  )
  const median = sorted[Math.floor((sorted.length - 1) / 2)]
  if (!median) throw new Error('no Lighthouse run to report')
  return {
    ...median,
    performanceRuns: runs.map((run) => run.scores.performance),
    lcpRunsMs: runs.map((run) => run.lcpMs),
  }
}

/**
 * Lighthouse on every route of every origin (the static build, `npm start`): runs alternate
 * between origins and routes, round after round, so a burst of load on the machine is spread
 * across all of them rather than spent on one's every run, and two origins compared with each
 * other see the same machine.
 * @param {string} chromePath
 * @param {string[]} baseUrls
 * @param {string[]} routes
 * @param {{
 *   runs: number,
 *   progress: (message: string) => void,
 *   defer: (step: () => unknown) => void,
 * }} options `runs` per route (the median is reported); `defer` registers the browser's
 *   shutdown with the bench's clean-up (Ctrl-C included)
 * @returns {Promise<LighthouseResult[][]>} for each origin, one result per route
 */
export async function runLighthouse(chromePath, baseUrls, routes, { runs, progress, defer }) {
  const chrome = await launch({
    chromePath,
    // Its defaults, with the browser's own UI work added to the features they turn off.
    ignoreDefaultFlags: true,
    chromeFlags: withDisabledFeatures(
      [...Launcher.defaultFlags(), '--headless=new', ...CHROMIUM_ARGS],
      BROWSER_UI_FEATURES,
    ),
    // The bench's own handler cleans up on Ctrl-C.
    handleSIGINT: false,
    logLevel: 'silent',
  })
  let killed = false
  const kill = () => {
    if (killed) return
    killed = true
    // Also removes the temporary profile chrome-launcher made.
    chrome.kill()
  }
  defer(kill)
  const targets = baseUrls.flatMap((baseUrl) => routes.map((route) => ({ baseUrl, route })))
  const label = (/** @type {{ baseUrl: string, route: string }} */ target) =>
    baseUrls.length > 1 ? `${target.baseUrl}${target.route}` : target.route
  try {
    // A route's first visit pays for cold caches (disk, Lighthouse's own scripts, the bench
    // TMDB's first rendering of each poster, the server's proxy cache): one visit per route
    // warms up and is not reported.
    for (const target of targets) {
      progress(`Lighthouse ${label(target)} (warm-up run, not reported)`)
      await audit(chrome.port, target.baseUrl, target.route)
    }
    /** @type {LighthouseResult[][]} */
    const runsByTarget = targets.map(() => [])
    for (let run = 1; run <= runs; run += 1) {
      for (const [index, target] of targets.entries()) {
        progress(`Lighthouse ${label(target)} (run ${run} of ${runs})`)
        runsByTarget[index]?.push(await audit(chrome.port, target.baseUrl, target.route))
      }
    }
    const medians = runsByTarget.map(medianRun)
    return baseUrls.map((_, origin) =>
      medians.slice(origin * routes.length, (origin + 1) * routes.length),
    )
  } finally {
    kill()
  }
}
