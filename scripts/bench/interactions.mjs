// @ts-check
/**
 * Browser measures on the credentialed build against the bench TMDB (with its latency):
 * API requests per interaction, time from the last keystroke to search results, and the
 * favorites page with 1,000 entries.
 */
import { isApiCall } from './tmdb-server.mjs'

/**
 * @typedef {import('@playwright/test').Browser} Browser
 * @typedef {import('@playwright/test').Page} Page
 * @typedef {import('./tmdb-server.mjs').TmdbServer} TmdbServer
 * @typedef {import('./tmdb-server.mjs').LoggedRequest} LoggedRequest
 * @typedef {import('./mock-db.mjs').MovieDb} MovieDb
 * @typedef {{ calls: number, expected: number, paths: string[] }} RequestCount
 * @typedef {{ term: string, ms: number, completeMs: number }} SearchTiming
 * @typedef {{ startTime: number, duration: number, cpu: number }} MainThreadTask
 * @typedef {{
 *   firstContentfulPaintMs: number | null,
 *   firstItemsInDomMs: number,
 *   allItemsInDomMs: number,
 *   longestListTask: MainThreadTask,
 *   longestBootTaskMs: number,
 *   longestTaskMs: number,
 *   longTasks: MainThreadTask[],
 * }} FavoritesRun
 * @typedef {{
 *   items: number,
 *   runs: FavoritesRun[],
 *   median: FavoritesRun,
 *   oneFavoriteBootTaskRunsMs: number[],
 * }} FavoritesResult
 * @typedef {import('./mock-db.mjs').MockTmdb['app']} AppFacts
 * @typedef {{ baseUrl: string, tmdb: TmdbServer, latencyMs: number, app: AppFacts }} Target
 */

const RESULTS_LIST = 'ul[aria-label^="Results for"]'
/** Time between keystrokes: a quick typist, well inside the 500 ms debounce. */
const KEY_DELAY_MS = 80

/** @param {string} term */
const resultsFor = (term) => `ul[aria-label="Results for “${term}”"]`

/**
 * Resolves once the TMDB server has seen no request for `quietMs` (an in-flight request is
 * answered within the latency, so quiet longer than that means the app has settled).
 * @param {TmdbServer} tmdb
 * @param {number} quietMs
 */
async function waitForQuiet(tmdb, quietMs, timeoutMs = 15_000) {
  const started = performance.now()
  for (;;) {
    const last = tmdb.log.at(-1)?.at ?? 0
    const now = performance.now()
    if (now - last >= quietMs) return
    if (now - started > timeoutMs) throw new Error('the app kept calling TMDB')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/**
 * @param {TmdbServer} tmdb
 * @param {number} from log index
 * @returns {LoggedRequest[]}
 */
const apiCallsSince = (tmdb, from) => tmdb.log.slice(from).filter(isApiCall)

/**
 * @param {Target} target
 * @param {number} from
 * @param {number} expected
 * @returns {Promise<RequestCount>}
 */
async function countSince({ tmdb, latencyMs }, from, expected) {
  await waitForQuiet(tmdb, latencyMs + 500)
  const calls = apiCallsSince(tmdb, from)
  return { calls: calls.length, expected, paths: calls.map((call) => call.path + call.search) }
}

/**
 * @template T
 * @param {Browser} browser
 * @param {(page: Page) => Promise<T>} use
 * @param {(context: import('@playwright/test').BrowserContext) => Promise<unknown>} [prepare]
 * @returns {Promise<T>}
 */
export async function withPage(browser, use, prepare) {
  const context = await browser.newContext()
  try {
    await prepare?.(context)
    return await use(await context.newPage())
  } finally {
    await context.close()
  }
}

/** @param {Page} page @param {string} term */
async function typeTerm(page, term) {
  const input = page.getByRole('searchbox')
  await input.click()
  await page.keyboard.type(term, { delay: KEY_DELAY_MS })
}

/**
 * (a) a distinct search typed into the box, then (b) the same search again after clearing it.
 * @param {Browser} browser
 * @param {Target} target
 * @param {string} term
 * @param {number} expected requests for a distinct search: min(total_pages, 5)
 */
export function measureSearchRequests(browser, target, term, expected) {
  return withPage(browser, async (page) => {
    await page.goto(`${target.baseUrl}/search`)
    await page.getByRole('searchbox').waitFor()
    await waitForQuiet(target.tmdb, target.latencyMs + 300)

    let from = target.tmdb.log.length
    await typeTerm(page, term)
    await page.locator(resultsFor(term)).waitFor()
    const distinct = await countSince(target, from, expected)

    await page.getByRole('searchbox').fill('')
    await page.locator(RESULTS_LIST).waitFor({ state: 'detached' })
    from = target.tmdb.log.length
    await typeTerm(page, term)
    await page.locator(resultsFor(term)).waitFor()
    const repeated = await countSince(target, from, 0)
    return { distinct, repeated }
  })
}

/**
 * (c) Home page 1 → page 2 with the Next button → browser Back to page 1.
 * @param {Browser} browser
 * @param {Target} target
 * @param {MovieDb} db
 * @returns {Promise<RequestCount>}
 */
export function measureBackToSeenPage(browser, target, db) {
  const [firstOfPage1] = db.discover(1).results
  const [firstOfPage2] = db.discover(2).results
  if (!firstOfPage1 || !firstOfPage2) throw new Error('the catalog has fewer than two pages')
  return withPage(browser, async (page) => {
    await page.goto(`${target.baseUrl}/`)
    await page.getByRole('heading', { name: firstOfPage1.title, exact: true }).waitFor()
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('heading', { name: firstOfPage2.title, exact: true }).waitFor()
    await waitForQuiet(target.tmdb, target.latencyMs + 300)
    // Park the pointer where no link is, so nothing under it is preloaded after Back.
    await page.mouse.move(0, 0)

    const from = target.tmdb.log.length
    await page.goBack()
    await page.getByRole('heading', { name: firstOfPage1.title, exact: true }).waitFor()
    return countSince(target, from, 0)
  })
}

/**
 * (d) Hover a card's poster link on Home for ~600 ms, then click it: requests after the click.
 * @param {Browser} browser
 * @param {Target} target
 * @param {MovieDb} db
 * @returns {Promise<RequestCount>}
 */
export function measureDetailAfterHover(browser, target, db) {
  const movie = db.discover(1).results[1]
  if (!movie) throw new Error('the catalog is empty')
  return withPage(browser, async (page) => {
    await page.goto(`${target.baseUrl}/`)
    await page.getByRole('heading', { name: movie.title, exact: true }).waitFor()
    await waitForQuiet(target.tmdb, target.latencyMs + 300)
    const link = page.locator(`main article a[href="/movie/${movie.id}"]`).first()
    await link.hover()
    await page.waitForTimeout(600)

    const from = target.tmdb.log.length
    await link.click()
    await page.waitForURL(`**/movie/${movie.id}`)
    await page.getByRole('heading', { level: 1, name: movie.title }).waitFor()
    return countSince(target, from, 0)
  })
}

/**
 * Time from the last keystroke to the results list being in a rendered frame, for each term
 * (a fresh page each, so every search is distinct and uncached).
 * @param {Browser} browser
 * @param {Target} target
 * @param {string[]} terms
 * @returns {Promise<SearchTiming[]>}
 */
export async function measureSearchLatency(browser, target, terms) {
  /** @type {SearchTiming[]} */
  const timings = []
  for (const term of terms) {
    const timing = await withPage(browser, async (page) => {
      await page.goto(`${target.baseUrl}/search`)
      await page.getByRole('searchbox').waitFor()
      await page.evaluate((selector) => {
        const marks = { lastKey: 0, visible: 0, complete: 0 }
        Object.assign(window, { __benchSearch: marks })
        document.addEventListener(
          'keydown',
          () => {
            marks.lastKey = performance.now()
          },
          true,
        )
        // The list shows page 1's results first and is busy until every page is merged in.
        let shown = false
        const observer = new MutationObserver(() => {
          const list = document.querySelector(selector)
          if (!list) return
          // The frame the list is painted in.
          if (!shown) {
            shown = true
            requestAnimationFrame(() => {
              marks.visible = performance.now()
            })
          }
          if (list.getAttribute('aria-busy') === 'false') {
            observer.disconnect()
            requestAnimationFrame(() => {
              marks.complete = performance.now()
            })
          }
        })
        observer.observe(document.body, { childList: true, subtree: true, attributes: true })
      }, resultsFor(term))
      await typeTerm(page, term)
      const handle = await page.waitForFunction(() => {
        const marks =
          /** @type {{ lastKey: number, visible: number, complete: number } | undefined} */ (
            Reflect.get(window, '__benchSearch')
          )
        return marks && marks.visible > 0 && marks.complete > 0
          ? { ms: marks.visible - marks.lastKey, completeMs: marks.complete - marks.lastKey }
          : undefined
      })
      return /** @type {{ ms: number, completeMs: number }} */ (await handle.jsonValue())
    })
    timings.push({ term, ...timing })
  }
  return timings
}

/** Every favorite renders as one article, whatever the list around it looks like. */
export const FAVORITE_CARD = 'main article'
/** Runs behind each figure's median: one slow moment of a shared machine does not decide it. */
export const RUNS = 3
/** Set by the page when its first cards are in the DOM; places the page's thread in the trace. */
export const FIRST_CARDS_MARK = 'bench:first-cards'
/** Enough to see every main-thread task and the page's mark, at little cost to the page. */
export const TRACE_CATEGORIES = ['toplevel', 'blink.user_timing']
/** What the Long Tasks API (and the budget) calls a long task. */
export const LONG_TASK_MS = 50

/**
 * @typedef {{
 *   firstContentfulPaintMs: number | null,
 *   firstItemsInDomMs: number,
 *   allItemsInDomMs: number,
 *   tasks: MainThreadTask[],
 * }} FavoritesPage
 * @typedef {{ name: string, ph: string, pid: number, tid: number, ts: number, dur?: number, tdur?: number }} TraceEvent
 */

/** @param {{ duration: number }[]} tasks */
export const longestOf = (tasks) => Math.max(0, ...tasks.map((task) => task.duration))

/**
 * The page's main-thread tasks, from a Chrome trace: all of them, where the Long Tasks API only
 * reports those over 50 ms, each with its time on the CPU (less than its length when the thread
 * waited, for a CPU busy with other work or for another thread). Times are in ms; `startTime`
 * counts from navigation.
 * @param {Buffer} trace
 * @param {number} firstCardsAt the mark's time in the page
 * @returns {MainThreadTask[]}
 */
export function mainThreadTasks(trace, firstCardsAt) {
  const { traceEvents } = /** @type {{ traceEvents: TraceEvent[] }} */ (
    JSON.parse(trace.toString('utf8'))
  )
  const mark = traceEvents.find((event) => event.name === FIRST_CARDS_MARK)
  if (!mark) throw new Error(`the trace has no "${FIRST_CARDS_MARK}" mark`)
  const runs = traceEvents
    .filter(
      (event) =>
        event.pid === mark.pid &&
        event.tid === mark.tid &&
        event.ph === 'X' &&
        event.name === 'ThreadControllerImpl::RunTask',
    )
    .sort((a, b) => a.ts - b.ts)
  /** @type {MainThreadTask[]} */
  const tasks = []
  let busyUntil = -Infinity
  for (const run of runs) {
    // A task run inside another (a nested run loop) is part of that one.
    if (run.ts < busyUntil) continue
    const duration = run.dur ?? 0
    busyUntil = run.ts + duration
    tasks.push({
      startTime: firstCardsAt + (run.ts - mark.ts) / 1000,
      duration: duration / 1000,
      cpu: (run.tdur ?? duration) / 1000,
    })
  }
  return tasks.filter((task) => task.startTime >= 0)
}

/**
 * localStorage of a signed-in user whose favorites are `movies`, in the app's own keys and format.
 * @param {AppFacts} app
 * @param {object[]} movies
 * @returns {Record<string, string>}
 */
function signedInWithFavorites(app, movies) {
  const user = { name: 'Bench', email: 'bench@example.com' }
  return {
    [app.CURRENT_USER_KEY]: JSON.stringify(user),
    [app.userKey('favorites', user.email)]: JSON.stringify({ version: app.LIST_VERSION, movies }),
  }
}

/**
 * Opens /favorites for a signed-in user with `movies` stored, tracing the main thread. With
 * `scrollToEnd`, then scrolls to the end of the list, batch after batch, until every favorite
 * is in the DOM; without, stops at the first cards (the start-up alone).
 * @param {Browser} browser
 * @param {Target} target
 * @param {{ id: number, title: string, poster_path: string | null, release_date: string }[]} movies
 * @param {{ scrollToEnd: boolean }} options
 * @returns {Promise<FavoritesPage>}
 */
function openFavorites(browser, target, movies, { scrollToEnd }) {
  const storage = signedInWithFavorites(target.app, movies)

  /** Runs in the page before its scripts: seeds storage and watches for the first cards. */
  const init = (
    /** @type {{ storage: Record<string, string>, card: string, mark: string }} */ args,
  ) => {
    for (const [key, value] of Object.entries(args.storage)) localStorage.setItem(key, value)
    const marks = { firstItemsInDom: 0, allItemsInDom: 0 }
    Object.assign(window, { __benchFavorites: marks })
    // The list renders in batches as the user scrolls: note when the first batch is on screen.
    const poll = () => {
      if (document.querySelector(args.card)) {
        marks.firstItemsInDom = performance.mark(args.mark).startTime
      } else requestAnimationFrame(poll)
    }
    requestAnimationFrame(poll)
  }

  return withPage(
    browser,
    async (page) => {
      await browser.startTracing(page, { categories: TRACE_CATEGORIES })
      let traced = false
      try {
        await page.goto(`${target.baseUrl}/favorites`)
        await page.waitForFunction(() => {
          const marks = /** @type {{ firstItemsInDom: number } | undefined} */ (
            Reflect.get(window, '__benchFavorites')
          )
          return (marks?.firstItemsInDom ?? 0) > 0
        })
        const cards = () =>
          page.evaluate((card) => document.querySelectorAll(card).length, FAVORITE_CARD)
        for (let rendered = await cards(); scrollToEnd && rendered < movies.length;) {
          await page.evaluate(() => {
            window.scrollTo(0, document.body.scrollHeight)
          })
          await page.waitForFunction(
            ([card, before]) => document.querySelectorAll(card).length > before,
            /** @type {const} */ ([FAVORITE_CARD, rendered]),
          )
          rendered = await cards()
        }
        await page.evaluate(() => {
          Reflect.set(
            /** @type {{ allItemsInDom: number }} */ (Reflect.get(window, '__benchFavorites')),
            'allItemsInDom',
            performance.now(),
          )
        })
        // Let the tasks that follow the render (effects, image decoding) show up too.
        await page.waitForTimeout(scrollToEnd ? 1500 : 1000)
        const marks = await page.evaluate(() => {
          const { firstItemsInDom, allItemsInDom } =
            /** @type {{ firstItemsInDom: number, allItemsInDom: number }} */ (
              Reflect.get(window, '__benchFavorites')
            )
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]
          return {
            firstItemsInDomMs: firstItemsInDom,
            allItemsInDomMs: allItemsInDom,
            firstContentfulPaintMs: fcp ? fcp.startTime : null,
          }
        })
        const trace = await browser.stopTracing()
        traced = true
        return { ...marks, tasks: mainThreadTasks(trace, marks.firstItemsInDomMs) }
      } finally {
        if (!traced) await browser.stopTracing().catch(() => undefined)
      }
    },
    (context) =>
      context.addInitScript(init, { storage, card: FAVORITE_CARD, mark: FIRST_CARDS_MARK }),
  )
}

/**
 * Tasks that start before the first cards are in the DOM are the app starting up (script
 * evaluation, reading the stored favorites, the first render); the list's own cost comes after.
 * @param {FavoritesPage} page
 */
const bootTasks = (page) => page.tasks.filter((task) => task.startTime < page.firstItemsInDomMs)

/**
 * @param {FavoritesPage} page
 * @returns {FavoritesRun}
 */
function summarize({ tasks, ...marks }) {
  const boot = bootTasks({ ...marks, tasks })
  const longestListTask = tasks
    .filter((task) => !boot.includes(task))
    .reduce((longest, task) => (task.duration > longest.duration ? task : longest), {
      startTime: 0,
      duration: 0,
      cpu: 0,
    })
  return {
    ...marks,
    longestListTask,
    longestBootTaskMs: longestOf(boot),
    longestTaskMs: longestOf(tasks),
    longTasks: tasks.filter((task) => task.duration > LONG_TASK_MS),
  }
}

/**
 * /favorites with `count` favorites stored, RUNS times: the main-thread tasks from navigation
 * until every card has been rendered by scrolling to the end, and after each run the start-up
 * alone with one favorite stored, so the favorites' share of the start-up shows.
 * @param {Browser} browser
 * @param {Target} target
 * @param {MovieDb} db
 * @param {number} count
 * @returns {Promise<FavoritesResult>}
 */
export async function measureFavorites(browser, target, db, count) {
  const movies = db.movies.slice(0, count).map(({ id, title, poster_path, release_date }) => ({
    id,
    title,
    poster_path,
    release_date,
  }))
  if (movies.length < count) throw new Error(`the catalog has fewer than ${count} movies`)

  /** @type {FavoritesRun[]} */
  const runs = []
  /** @type {number[]} */
  const oneFavoriteBootTaskRunsMs = []
  for (let run = 0; run < RUNS; run++) {
    runs.push(summarize(await openFavorites(browser, target, movies, { scrollToEnd: true })))
    // Alternated, so both see the same machine load.
    const one = await openFavorites(browser, target, movies.slice(0, 1), { scrollToEnd: false })
    oneFavoriteBootTaskRunsMs.push(longestOf(bootTasks(one)))
  }
  const byListTask = [...runs].sort(
    (a, b) => a.longestListTask.duration - b.longestListTask.duration,
  )
  const median = byListTask[Math.floor(byListTask.length / 2)]
  if (!median) throw new Error('no favorites run')
  return { items: count, runs, median, oneFavoriteBootTaskRunsMs }
}

/**
 * @typedef {{ sortTaskMs: number, filterTaskMs: number, cpuMs: number }} ListToolsRun
 * @typedef {{ items: number, runs: ListToolsRun[] }} ListToolsResult
 */

/**
 * A list page's tools on `count` stored favorites (the watchlist and seen pages share them):
 * the longest main-thread task while "Sort by" changes to Title and the list re-renders, then
 * while "the" is typed into "Filter", key by key. RUNS times, in fresh pages.
 * @param {Browser} browser
 * @param {Target} target
 * @param {MovieDb} db
 * @param {number} count
 * @returns {Promise<ListToolsResult>}
 */
export async function measureListTools(browser, target, db, count) {
  const movies = db.movies.slice(0, count).map((movie, index) => ({
    id: movie.id,
    title: movie.title,
    poster_path: movie.poster_path,
    release_date: movie.release_date,
    vote_average: movie.vote_average,
    added_at: new Date(Date.UTC(2024, 0, 1) + index * 60_000).toISOString(),
  }))
  const storage = signedInWithFavorites(target.app, movies)
  /** @type {ListToolsRun[]} */
  const runs = []
  for (let run = 0; run < RUNS; run++) {
    runs.push(
      await withPage(
        browser,
        async (page) => {
          await page.goto(`${target.baseUrl}/favorites`)
          await page.locator(FAVORITE_CARD).first().waitFor()
          await page.waitForTimeout(1000)
          await browser.startTracing(page, { categories: TRACE_CATEGORIES })
          const start = await page.evaluate(
            (mark) => performance.mark(mark).startTime,
            FIRST_CARDS_MARK,
          )
          await page.getByLabel('Sort by', { exact: true }).selectOption('title')
          await page.waitForURL(/sort=title/)
          await page.waitForTimeout(1000)
          const sorted = await page.evaluate(() => performance.now())
          const filter = page.getByLabel('Filter', { exact: true })
          await filter.click()
          await page.keyboard.type('the', { delay: KEY_DELAY_MS })
          await page.waitForURL(/filter=the/)
          await page.waitForTimeout(1000)
          const tasks = mainThreadTasks(await browser.stopTracing(), start)
          const sortTasks = tasks.filter((task) => task.startTime < sorted)
          const filterTasks = tasks.filter((task) => task.startTime >= sorted)
          return {
            sortTaskMs: longestOf(sortTasks),
            filterTaskMs: longestOf(filterTasks),
            cpuMs: Math.max(0, ...tasks.map((task) => task.cpu)),
          }
        },
        (context) =>
          context.addInitScript((values) => {
            for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value)
          }, storage),
      ),
    )
  }
  return { items: count, runs }
}
