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
 * @typedef {{ term: string, ms: number }} SearchTiming
 * @typedef {{
 *   items: number,
 *   firstContentfulPaintMs: number | null,
 *   firstItemsInDomMs: number,
 *   allItemsInDomMs: number,
 *   longestTaskMs: number,
 *   bootTaskMs: number,
 *   longTasks: { startTime: number, duration: number }[],
 * }} FavoritesResult
 * @typedef {{ baseUrl: string, tmdb: TmdbServer, latencyMs: number }} Target
 */

const SEARCH_PLACEHOLDER = 'Enter movie title...'
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
async function withPage(browser, use, prepare) {
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
  const input = page.getByPlaceholder(SEARCH_PLACEHOLDER)
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
    await page.getByPlaceholder(SEARCH_PLACEHOLDER).waitFor()
    await waitForQuiet(target.tmdb, target.latencyMs + 300)

    let from = target.tmdb.log.length
    await typeTerm(page, term)
    await page.locator(resultsFor(term)).waitFor()
    const distinct = await countSince(target, from, expected)

    await page.getByPlaceholder(SEARCH_PLACEHOLDER).fill('')
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
    const ms = await withPage(browser, async (page) => {
      await page.goto(`${target.baseUrl}/search`)
      await page.getByPlaceholder(SEARCH_PLACEHOLDER).waitFor()
      await page.evaluate((selector) => {
        const marks = { lastKey: 0, visible: 0 }
        Object.assign(window, { __benchSearch: marks })
        document.addEventListener(
          'keydown',
          () => {
            marks.lastKey = performance.now()
          },
          true,
        )
        const observer = new MutationObserver(() => {
          if (!document.querySelector(selector)) return
          observer.disconnect()
          // The frame the list is painted in.
          requestAnimationFrame(() => {
            marks.visible = performance.now()
          })
        })
        observer.observe(document.body, { childList: true, subtree: true })
      }, resultsFor(term))
      await typeTerm(page, term)
      const handle = await page.waitForFunction(() => {
        const marks = /** @type {{ lastKey: number, visible: number } | undefined} */ (
          Reflect.get(window, '__benchSearch')
        )
        return marks && marks.visible > 0 ? marks.visible - marks.lastKey : 0
      })
      return /** @type {number} */ (await handle.jsonValue())
    })
    timings.push({ term, ms })
  }
  return timings
}

/**
 * Opens /favorites with `count` favorites stored for a signed-in user.
 * @param {Browser} browser
 * @param {Target} target
 * @param {MovieDb} db
 * @param {number} count
 * @returns {Promise<FavoritesResult>}
 */
export function measureFavorites(browser, target, db, count) {
  const user = { name: 'Bench', email: 'bench@example.com' }
  const movies = db.movies.slice(0, count).map(({ id, title, poster_path, release_date }) => ({
    id,
    title,
    poster_path,
    release_date,
  }))
  if (movies.length < count) throw new Error(`the catalog has fewer than ${count} movies`)
  const storage = {
    currentUser: JSON.stringify(user),
    [`favorites:${user.email.toLowerCase()}`]: JSON.stringify({ version: 1, movies }),
  }

  /** Runs in the page before its scripts: seeds storage and starts the observers. */
  const init = (/** @type {{ storage: Record<string, string>, count: number }} */ args) => {
    for (const [key, value] of Object.entries(args.storage)) localStorage.setItem(key, value)
    const marks = {
      /** @type {{ startTime: number, duration: number }[]} */
      longTasks: [],
      firstItemsInDom: 0,
      allItemsInDom: 0,
    }
    Object.assign(window, { __benchFavorites: marks })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        marks.longTasks.push({ startTime: entry.startTime, duration: entry.duration })
      }
    }).observe({ type: 'longtask', buffered: true })
    // The list renders in batches as the user scrolls: note when the first batch is on screen.
    const poll = () => {
      if (document.querySelectorAll('main ul > li').length > 0) {
        marks.firstItemsInDom = performance.now()
      } else requestAnimationFrame(poll)
    }
    requestAnimationFrame(poll)
  }

  return withPage(
    browser,
    async (page) => {
      await page.goto(`${target.baseUrl}/favorites`)
      await page.waitForFunction(() => {
        const marks = /** @type {{ firstItemsInDom: number } | undefined} */ (
          Reflect.get(window, '__benchFavorites')
        )
        return (marks?.firstItemsInDom ?? 0) > 0
      })
      // Scroll to the end, batch after batch, until every favorite has been rendered.
      for (let rendered = 0; rendered < count;) {
        await page.evaluate(() => {
          window.scrollTo(0, document.body.scrollHeight)
        })
        await page.waitForFunction(
          (before) => document.querySelectorAll('main ul > li').length > before,
          rendered,
        )
        rendered = await page.evaluate(() => document.querySelectorAll('main ul > li').length)
      }
      await page.evaluate(() => {
        Reflect.set(
          /** @type {{ allItemsInDom: number }} */ (Reflect.get(window, '__benchFavorites')),
          'allItemsInDom',
          performance.now(),
        )
      })
      // Let the tasks that follow the render (effects, image decoding) show up too.
      await page.waitForTimeout(1500)
      const measured = await page.evaluate(() => {
        const marks =
          /** @type {{ firstItemsInDom: number, allItemsInDom: number, longTasks: { startTime: number, duration: number }[] }} */ (
            Reflect.get(window, '__benchFavorites')
          )
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]
        return {
          firstItemsInDomMs: marks.firstItemsInDom,
          allItemsInDomMs: marks.allItemsInDom,
          longTasks: marks.longTasks,
          firstContentfulPaintMs: fcp ? fcp.startTime : null,
        }
      })
      // Tasks that start before the first cards are in the DOM are the app starting up (script
      // evaluation, first render): the same on every page. The list's own cost comes after.
      const isBoot = (/** @type {{ startTime: number }} */ task) =>
        task.startTime < measured.firstItemsInDomMs
      const longest = (/** @type {{ duration: number }[]} */ tasks) =>
        Math.max(0, ...tasks.map((task) => task.duration))
      return {
        items: count,
        ...measured,
        bootTaskMs: longest(measured.longTasks.filter(isBoot)),
        longestTaskMs: longest(measured.longTasks.filter((task) => !isBoot(task))),
      }
    },
    (context) => context.addInitScript(init, { storage, count }),
  )
}
