// @ts-check
/** Turns the measured results into the printed table's sections. */
import { BUDGETS, checked, info, kib, ms } from './report.mjs'

/**
 * @typedef {import('./report.mjs').Section} Section
 * @typedef {import('./report.mjs').Row} Row
 * @typedef {import('./lighthouse.mjs').LighthouseResult} LighthouseResult
 * @typedef {import('./bytes.mjs').BuildSizes} BuildSizes
 * @typedef {import('./interactions.mjs').RequestCount} RequestCount
 * @typedef {import('./interactions.mjs').SearchTiming} SearchTiming
 * @typedef {import('./interactions.mjs').FavoritesResult} FavoritesResult
 */

/** @param {number | null} value */
const score = (value) => (value === null ? 'n/a' : String(value))

/** @param {number | null} ms */
const seconds = (ms) => (ms === null ? 'n/a' : `${(ms / 1000).toFixed(2)} s`)

/**
 * The median LCP of a route's runs. The run with the median score, which the rest of the
 * report describes, can be any of several tied runs, whose LCPs differ by more than the two
 * builds' do.
 * @param {LighthouseResult | undefined} result
 */
function medianLcp(result) {
  const runs = (result?.lcpRunsMs ?? []).filter((lcp) => lcp !== null).sort((a, b) => a - b)
  return runs.length === 0 ? null : (runs[Math.floor((runs.length - 1) / 2)] ?? null)
}

/**
 * @param {LighthouseResult[]} results
 * @returns {Section}
 */
export function lighthouseSection(results) {
  /** @type {Row[]} */
  const rows = []
  for (const result of results) {
    const { route, scores } = result
    /** @param {string} name @param {number | null} value @param {number} min */
    const atLeast = (name, value, min) =>
      checked(
        `${route}  ${name}`,
        score(value),
        min === 100 ? '= 100' : `>= ${min}`,
        (value ?? 0) >= min,
      )
    rows.push(
      checked(
        `${route}  performance (median of ${result.performanceRuns.length})`,
        `${score(scores.performance)}  (${result.performanceRuns.map(score).join(', ')})`,
        `>= ${BUDGETS.performance}`,
        (scores.performance ?? 0) >= BUDGETS.performance,
      ),
      atLeast('accessibility', scores.accessibility, BUDGETS.accessibility),
      atLeast('best practices', scores['best-practices'], BUDGETS.bestPractices),
      atLeast('SEO', scores.seo, BUDGETS.seo),
    )
    const lcpMs = medianLcp(result)
    const lcp = seconds(lcpMs)
    rows.push(
      route === '/'
        ? checked(
            `${route}  LCP (median)`,
            lcp,
            '<= 2.0 s',
            (lcpMs ?? Infinity) <= BUDGETS.homeLcpMs,
          )
        : info(`${route}  LCP (median)`, lcp),
      info(`${route}  TBT`, result.tbtMs === null ? 'n/a' : ms(result.tbtMs)),
      checked(
        `${route}  CLS`,
        result.cls === null ? 'n/a' : result.cls.toFixed(3),
        '= 0',
        result.cls === BUDGETS.cls,
      ),
    )
  }
  rows.push(
    info(
      'CPU benchmark index per run (Lighthouse)',
      results.map((result) => score(result.benchmarkIndex)).join(' / '),
    ),
  )
  return { title: 'Lighthouse (mobile, simulated throttling; API latency 0 ms)', rows }
}

/**
 * @param {string} title
 * @param {BuildSizes} sizes
 * @returns {Section}
 */
export function bytesSection(title, sizes) {
  /** @type {Row[]} */
  const rows = sizes.pages.map((page) => {
    const value = `${kib(page.gzip)} (${page.files} files)`
    return page.limit === undefined
      ? info(page.name, value)
      : checked(page.name, value, `<= ${kib(page.limit)}`, page.gzip <= page.limit)
  })
  rows.push(
    ...sizes.files.map((file) =>
      info(`${file.startUp ? 'start-up' : 'lazy'} ${file.file}`, kib(file.gzip)),
    ),
  )
  return { title, rows }
}

/** @param {RequestCount} count */
const requests = (count) => `${count.calls} requests`

/**
 * @param {{ distinct: RequestCount, repeated: RequestCount, term: string, totalPages: number }} search
 * @param {RequestCount} back
 * @param {RequestCount} detail
 * @param {number} latencyMs
 * @returns {Section}
 */
export function requestsSection(search, back, detail, latencyMs) {
  const exactly = (/** @type {RequestCount} */ count) => count.calls === count.expected
  return {
    title: `TMDB requests (API latency ${latencyMs} ms)`,
    rows: [
      checked(
        `distinct search "${search.term}" (total_pages ${search.totalPages})`,
        requests(search.distinct),
        `= ${search.distinct.expected}`,
        exactly(search.distinct),
      ),
      checked(
        'same search again (clear, retype)',
        requests(search.repeated),
        '= 0',
        exactly(search.repeated),
      ),
      checked('Back to a Home page already seen', requests(back), '= 0', exactly(back)),
      checked('open a detail after ~600 ms hover', requests(detail), '= 0', exactly(detail)),
    ],
  }
}

/**
 * @param {SearchTiming[]} timings
 * @param {number} latencyMs
 * @param {number} debounceMs
 * @returns {Section}
 */
export function searchLatencySection(timings, latencyMs, debounceMs) {
  const sorted = timings.map((timing) => timing.ms).sort((a, b) => a - b)
  const median = sorted[Math.floor(sorted.length / 2)] ?? Infinity
  const budget = debounceMs + 2 * latencyMs + BUDGETS.searchResultsExtraMs
  return {
    title: `Search results after the last keystroke (API latency ${latencyMs} ms)`,
    rows: [
      ...timings.map((timing) =>
        info(
          `"${timing.term}": results shown (every page merged)`,
          `${ms(timing.ms)} (${ms(timing.completeMs)})`,
        ),
      ),
      checked(
        `median of ${timings.length} distinct terms`,
        ms(median),
        `<= ${budget} ms (${debounceMs} + 2x${latencyMs} + ${BUDGETS.searchResultsExtraMs})`,
        median <= budget,
      ),
    ],
  }
}

/**
 * @param {FavoritesResult} result
 * @returns {Section}
 */
export function favoritesSection(result) {
  const { runs, median } = result
  const middle = (/** @type {number[]} */ values) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
  /** The median, then every run's figure. */
  const perRun = (/** @type {number[]} */ values) =>
    `${ms(middle(values))} (${values.map((value) => ms(value)).join(', ')})`
  const fcp = runs.flatMap((run) =>
    run.firstContentfulPaintMs === null ? [] : [run.firstContentfulPaintMs],
  )
  const listTask = median.longestListTask
  const budget = BUDGETS.favoritesLongestTaskMs
  return {
    title: `Favorites page with ${result.items.toLocaleString('en')} favorites (desktop, no throttling; median of ${runs.length} runs)`,
    rows: [
      info('first contentful paint', fcp.length > 0 ? ms(middle(fcp)) : 'n/a'),
      info(
        'first batch of cards in the DOM (from navigation)',
        ms(middle(runs.map((run) => run.firstItemsInDomMs))),
      ),
      info(
        `all ${result.items} cards in the DOM, scrolling to the end (from navigation)`,
        ms(middle(runs.map((run) => run.allItemsInDomMs))),
      ),
      info(
        'tasks over 50 ms, start-up included (each run)',
        runs.map((run) => String(run.longTasks.length)).join(', '),
      ),
      checked(
        `longest task rendering the list (first batch to all ${result.items})`,
        `${perRun(runs.map((run) => run.longestListTask.duration))}; ${ms(listTask.cpu)} on the CPU`,
        `<= ${budget} ms`,
        listTask.duration <= budget,
      ),
      info(
        'longest task while the app starts (before the first cards)',
        perRun(runs.map((run) => run.longestBootTaskMs)),
      ),
      info(
        '  the same with 1 favorite stored: the app on its own',
        perRun(result.oneFavoriteBootTaskRunsMs),
      ),
      info(
        'longest task on the page, start-up included',
        perRun(runs.map((run) => run.longestTaskMs)),
      ),
    ],
  }
}

/**
 * Plain-text notes for the Lighthouse misses: the audits behind each score under 100, the LCP
 * element with its phases, and the elements that shifted.
 * @param {LighthouseResult[]} results
 * @returns {string[]}
 */
export function lighthouseNotes(results) {
  /** @type {string[]} */
  const notes = []
  for (const result of results) {
    /** @type {string[]} */
    const lines = []
    for (const [category, audits] of Object.entries(result.failedAudits)) {
      if (category === 'performance') continue
      for (const audit of audits) {
        lines.push(`  ${category}: ${audit.title} (${audit.id})`)
        lines.push(...audit.items.slice(0, 5).map((item) => `      ${item.slice(0, 200)}`))
      }
    }
    if (result.lcpElement.length > 0) {
      const phases = result.lcpPhases.map((phase) => `${phase.phase} ${phase.ms} ms`).join(', ')
      lines.push(`  LCP element: ${(result.lcpElement[0] ?? '').slice(0, 120)}`)
      if (phases) lines.push(`      phases: ${phases}`)
    }
    for (const shift of result.layoutShifts) {
      lines.push(`  layout shift ${shift.score.toFixed(3)}: ${shift.element.slice(0, 120)}`)
    }
    if (lines.length > 0) notes.push(`${result.route}`, ...lines)
  }
  return notes
}

/**
 * @typedef {import('./app-server.mjs').Throughput} Throughput
 * @typedef {{ label: string, server: Throughput, bare: Throughput }} ThroughputPair
 */

/**
 * The production server: throughput against a bare node:http server answering the same bytes,
 * and Lighthouse on the routes it serves in proxy mode.
 * @param {ThroughputPair[]} pairs
 * @param {Throughput} renderedHome the home page rendered on the server, its data cached
 * @param {LighthouseResult[] | undefined} lighthouse the routes under `npm start`
 * @param {LighthouseResult[] | undefined} staticLighthouse the same routes, static direct build
 * @returns {Section}
 */
export function serverSection(pairs, renderedHome, lighthouse, staticLighthouse) {
  /** @type {Row[]} */
  const rows = []
  for (const { label, server, bare } of pairs) {
    const ratio = bare.requestsPerSecond > 0 ? server.requestsPerSecond / bare.requestsPerSecond : 0
    const clean = server.errors === 0 && server.non2xx === 0
    rows.push(
      checked(
        `${label}: req/s vs bare node:http`,
        `${ratio.toFixed(2)}x (${server.requestsPerSecond} vs ${bare.requestsPerSecond})`,
        `>= ${BUDGETS.serverThroughputRatio}x, no errors`,
        ratio >= BUDGETS.serverThroughputRatio && clean,
      ),
      info(`${label}: p99 latency (bare)`, `${ms(server.p99Ms)} (${ms(bare.p99Ms)})`),
    )
  }
  rows.push(
    checked(
      '/ rendered on the server: req/s, 10 connections',
      String(renderedHome.requestsPerSecond),
      `>= ${BUDGETS.renderedPagesPerSecond}, no errors`,
      renderedHome.requestsPerSecond >= BUDGETS.renderedPagesPerSecond &&
        renderedHome.errors === 0 &&
        renderedHome.non2xx === 0,
    ),
    info('/ rendered on the server: p99 latency', ms(renderedHome.p99Ms)),
  )
  const staticHomeLcp = medianLcp(staticLighthouse?.find((result) => result.route === '/'))
  for (const result of lighthouse ?? []) {
    rows.push(
      checked(
        `${result.route}  performance (median of ${result.performanceRuns.length})`,
        `${score(result.scores.performance)}  (${result.performanceRuns.map(score).join(', ')})`,
        `>= ${BUDGETS.performance}`,
        (result.scores.performance ?? 0) >= BUDGETS.performance,
      ),
      // The headers the server adds (CSP, COOP, HSTS...) are what best practices looks at.
      checked(
        `${result.route}  best practices`,
        score(result.scores['best-practices']),
        '= 100',
        (result.scores['best-practices'] ?? 0) >= BUDGETS.bestPractices,
      ),
      // Hydration is the page's main work once it has painted.
      checked(
        `${result.route}  TBT (median run)`,
        result.tbtMs === null ? 'n/a' : ms(result.tbtMs),
        `<= ${ms(BUDGETS.serverTbtMs)}`,
        result.tbtMs !== null && result.tbtMs <= BUDGETS.serverTbtMs,
      ),
    )
    const lcp = medianLcp(result)
    if (result.route !== '/') {
      rows.push(info(`${result.route}  LCP (median)`, seconds(lcp)))
      continue
    }
    rows.push(
      // The server renders the films into the page (docs/architecture.md, the render path).
      checked(
        `/  LCP (median of ${result.lcpRunsMs.length})`,
        seconds(lcp),
        `<= ${seconds(BUDGETS.serverHomeLcpMs)}`,
        (lcp ?? Infinity) <= BUDGETS.serverHomeLcpMs,
      ),
      checked(
        `/  LCP vs the static direct build (median of ${result.lcpRunsMs.length} runs each)`,
        `${seconds(lcp)} (${seconds(staticHomeLcp)})`,
        '<= static',
        lcp !== null && (staticHomeLcp === null || lcp <= staticHomeLcp),
      ),
    )
  }
  return { title: 'Production server (npm start, proxy mode)', rows }
}

/**
 * @param {import('./interactions.mjs').ListToolsResult} result
 * @returns {Section}
 */
export function listToolsSection(result) {
  const budget = BUDGETS.favoritesLongestTaskMs
  const median = (/** @type {number[]} */ values) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
  /** @param {string} label @param {number[]} values */
  const row = (label, values) =>
    checked(
      label,
      `${ms(median(values))} (${values.map((value) => ms(value)).join(', ')})`,
      `<= ${budget} ms`,
      median(values) <= budget,
    )
  return {
    title: `List tools on ${result.items.toLocaleString('en')} entries (desktop, no throttling; median of ${result.runs.length} runs)`,
    rows: [
      row(
        'longest task: Sort by → Title',
        result.runs.map((run) => run.sortTaskMs),
      ),
      row(
        'longest task: typing "the" in Filter',
        result.runs.map((run) => run.filterTaskMs),
      ),
      info('longest of those on the CPU', ms(median(result.runs.map((run) => run.cpuMs)))),
    ],
  }
}

/**
 * @param {import('./list-sync-page.mjs').PageSyncResult} result
 * @returns {Section}
 */
export function pageSyncSection(result) {
  const budget = BUDGETS.favoritesLongestTaskMs
  const { runs, median } = result
  return {
    title: `Lists synced into a page: ${result.entries.toLocaleString('en')} entries from the account (npm start, desktop, no throttling; median of ${runs.length} runs)`,
    rows: [
      checked(
        'longest task from the sync request to the synced cards',
        `${ms(median.longestTaskMs)} (${runs.map((run) => ms(run.longestTaskMs)).join(', ')})`,
        `<= ${budget} ms`,
        median.longestTaskMs <= budget,
      ),
      info('tasks over 50 ms in that time (each run)', runs.map((run) => run.longTasks).join(', ')),
      info('sync request start to the first synced card', ms(median.syncedInMs)),
    ],
  }
}
