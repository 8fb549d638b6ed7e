// @ts-check
/**
 * A person's 10,000 list entries coming into a browser from the account, in the page, against a
 * running `npm start`: the longest main-thread task from the sync request's start until the
 * favorites page shows the synced films (the list tools' 50 ms budget, at 10x the entries).
 */
import {
  FAVORITE_CARD,
  FIRST_CARDS_MARK,
  LONG_TASK_MS,
  longestOf,
  mainThreadTasks,
  RUNS,
  TRACE_CATEGORIES,
  withPage,
} from './interactions.mjs'
import { edit, FIRST_SYNC_ENTRIES } from './list-sync.mjs'

/**
 * @typedef {import('@playwright/test').Browser} Browser
 * @typedef {import('./interactions.mjs').MainThreadTask} MainThreadTask
 * @typedef {{ longestTaskMs: number, longTasks: number, syncedInMs: number }} PageSyncRun
 * @typedef {{ entries: number, runs: PageSyncRun[], median: PageSyncRun }} PageSyncResult
 */

/** @type {readonly ('favorites' | 'watchlist' | 'seen')[]} */
const LISTS = ['favorites', 'watchlist', 'seen']
const SYNC_PATH = '/api/account/lists/sync'

/**
 * @param {string} baseUrl
 * @param {string} path
 * @param {unknown} body
 * @param {string} [cookie]
 */
async function post(baseUrl, path, body, cookie) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${path} answered ${response.status}`)
  return response
}

/**
 * A new account holding FIRST_SYNC_ENTRIES entries across its three lists, as another device
 * synced them; its session cookie.
 * @param {string} baseUrl
 * @param {number} run
 */
async function accountWithEntries(baseUrl, run) {
  const user = { name: 'Bench', email: `page-sync-${run}@example.com`, password: 'Bench1!pass' }
  await post(baseUrl, '/api/account/register', user)
  const login = await post(baseUrl, '/api/account/login', {
    email: user.email,
    password: user.password,
  })
  const [cookie] = login.headers.getSetCookie().map((value) => value.split(';')[0] ?? '')
  if (!cookie) throw new Error('the login set no cookie')
  const now = Date.now()
  const changes = Array.from({ length: FIRST_SYNC_ENTRIES }, (_, index) =>
    edit(LISTS[index % LISTS.length] ?? 'favorites', index + 1, now - index * 1000),
  )
  await post(baseUrl, SYNC_PATH, { since: 0, changes }, cookie)
  return { user: { name: user.name, email: user.email }, cookie }
}

/**
 * Opens /favorites in a new browser signed in to an account of 10,000 entries, tracing the main
 * thread until the sync has brought them in and the first synced cards show.
 * @param {Browser} browser
 * @param {string} baseUrl
 * @param {number} run
 * @returns {Promise<PageSyncRun>}
 */
async function syncInPage(browser, baseUrl, run) {
  const { user, cookie } = await accountWithEntries(baseUrl, run)
  const [name = '', value = ''] = cookie.split('=')

  /** Runs in the page before its scripts: the stored session, and a mark at the first card. */
  const init = (/** @type {{ user: object, card: string, mark: string }} */ args) => {
    localStorage.setItem('currentUser', JSON.stringify(args.user))
    const poll = () => {
      if (document.querySelector(args.card)) performance.mark(args.mark)
      else requestAnimationFrame(poll)
    }
    requestAnimationFrame(poll)
  }

  return withPage(
    browser,
    async (page) => {
      await browser.startTracing(page, { categories: TRACE_CATEGORIES })
      let traced = false
      try {
        await page.goto(`${baseUrl}/favorites`)
        // Synced: the account's counter is kept, and the cards are in the DOM.
        await page.waitForFunction(
          ([key, card]) => {
            const state = JSON.parse(localStorage.getItem(key) ?? 'null')
            return (state?.since ?? 0) > 0 && document.querySelector(card) !== null
          },
          /** @type {const} */ ([`list-sync:${user.email}`, FAVORITE_CARD]),
          { timeout: 60_000 },
        )
        // Let the tasks that follow (the other lists' slices, effects) show up too.
        await page.waitForTimeout(1500)
        const marks = await page.evaluate(([path, mark]) => {
          const request = performance
            .getEntriesByType('resource')
            .find((entry) => entry.name.endsWith(path))
          return {
            syncStartMs: request?.startTime ?? 0,
            firstCardsMs: performance.getEntriesByName(mark)[0]?.startTime ?? 0,
          }
        }, /** @type {const} */ ([SYNC_PATH, FIRST_CARDS_MARK]))
        const trace = await browser.stopTracing()
        traced = true
        /** @type {MainThreadTask[]} */
        const tasks = mainThreadTasks(trace, marks.firstCardsMs).filter(
          (task) => task.startTime >= marks.syncStartMs,
        )
        return {
          longestTaskMs: longestOf(tasks),
          longTasks: tasks.filter((task) => task.duration > LONG_TASK_MS).length,
          syncedInMs: marks.firstCardsMs - marks.syncStartMs,
        }
      } finally {
        if (!traced) await browser.stopTracing().catch(() => undefined)
      }
    },
    async (context) => {
      await context.addCookies([{ name, value, url: baseUrl }])
      await context.addInitScript(init, { user, card: FAVORITE_CARD, mark: FIRST_CARDS_MARK })
    },
  )
}

/**
 * RUNS times, each a new account and a new browser: the median run by its longest task.
 * @param {Browser} browser
 * @param {string} baseUrl `npm start`, accounts on the server
 * @returns {Promise<PageSyncResult>}
 */
export async function measurePageSync(browser, baseUrl) {
  /** @type {PageSyncRun[]} */
  const runs = []
  for (let run = 0; run < RUNS; run++) runs.push(await syncInPage(browser, baseUrl, run))
  const median = [...runs].sort((a, b) => a.longestTaskMs - b.longestTaskMs)[
    Math.floor(runs.length / 2)
  ]
  if (!median) throw new Error('no page sync run')
  return { entries: FIRST_SYNC_ENTRIES, runs, median }
}
