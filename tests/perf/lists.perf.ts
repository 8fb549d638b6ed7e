import { test, type Page } from '@playwright/test'
import { edit, FIRST_SYNC_ENTRIES, post } from '../../scripts/bench/load'
import { atMost, info, median, ms, runsOf } from '../../scripts/bench/rows'
import { LIST_VERSION } from '../../src/lib/movie-lists/list-store'
import { CURRENT_USER_KEY } from '../../src/lib/session/session-store'
import { userKey } from '../../src/lib/session/user-storage'
import catalog from '../../src/shared/demo-catalog/catalog.gen.json' with { type: 'json' }
import { createMovieDb } from '../../src/shared/demo-catalog/db'
import { BENCH, CARD, FIRST_CARDS, inNewPage, longest, longTasks, medianRun } from './support'
import { record, RUNS, traced } from './support'

const COUNT = 1000
const DESKTOP = `desktop, no throttling; median of ${RUNS} runs`
const movies = createMovieDb(catalog).movies.slice(0, COUNT)
/** A favorite as the app stores it. */
const favorite = ({ id, title, poster_path, release_date }: (typeof movies)[number]) => ({
  id,
  title,
  poster_path,
  release_date,
})
const user = { name: 'Bench', email: 'bench@example.com' }
/** Signed in, with `favorites` stored as the app keeps them. */
const favorites = (stored: object[]) => ({
  [CURRENT_USER_KEY]: JSON.stringify(user),
  [userKey('favorites', user.email)]: JSON.stringify({ version: LIST_VERSION, movies: stored }),
})
const markAt = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? 0
const each = <T>(runs: T[]) => ({
  median: (figure: (run: T) => number) => ms(median(runs.map(figure))),
  runs: (figure: (run: T) => number) => runsOf(runs.map(figure)),
})

/** /favorites: every card by scrolling to the end, or the start-up alone, to the first cards. */
const openFavorites = (toEnd: boolean) => async (page: Page) => {
  // In the page's own world: a locator would load Playwright's script, a task of its own.
  const cards = () => page.evaluate((card) => document.querySelectorAll(card).length, CARD)
  const { tasks, ...marks } = await traced(page, async () => {
    await page.goto('/favorites')
    const firstCards = await (await page.waitForFunction(markAt, FIRST_CARDS)).jsonValue()
    for (let rendered = await cards(); toEnd && rendered < COUNT; rendered = await cards()) {
      await page.evaluate(() => {
        window.scrollTo(0, document.body.scrollHeight)
      })
      const more = ({ card, before }: { card: string; before: number }) =>
        document.querySelectorAll(card).length > before
      await page.waitForFunction(more, { card: CARD, before: rendered })
    }
    const allCards = await page.evaluate(() => performance.now())
    // The tasks that follow the render (effects, image decoding) show up too.
    await page.waitForTimeout(toEnd ? 1500 : 1000)
    return { firstCards, allCards, fcp: await page.evaluate(markAt, 'first-contentful-paint') }
  })
  // Before the first cards the app starts: its scripts, the stored favorites, a first render.
  const boot = longest(tasks.filter((task) => task.startTime < marks.firstCards))
  const list = tasks
    .filter((task) => task.startTime >= marks.firstCards)
    .reduce((most, task) => (task.duration > most.duration ? task : most), { duration: 0, cpu: 0 })
  return { ...marks, boot, all: longest(tasks), long: longTasks(tasks), list }
}

test(`the favorites page with ${COUNT} favorites`, async ({ browser }) => {
  const runs = []
  const appAlone: number[] = []
  for (let run = 0; run < RUNS; run++) {
    runs.push(await inNewPage(browser, favorites(movies.map(favorite)), openFavorites(true)))
    // Alternated, so that both see the same machine.
    appAlone.push(
      (await inNewPage(browser, favorites(movies.slice(0, 1).map(favorite)), openFavorites(false)))
        .boot,
    )
  }
  const of = each(runs)
  const list = medianRun(runs, (run) => run.list.duration)?.list ?? { duration: NaN, cpu: NaN }
  record(
    `Favorites page with ${COUNT.toLocaleString('en')} favorites (${DESKTOP})`,
    info(
      'first contentful paint',
      of.median((run) => run.fcp),
    ),
    info(
      'first batch of cards in the DOM (from navigation)',
      of.median((run) => run.firstCards),
    ),
    info(
      `all ${COUNT} cards in the DOM, scrolling to the end`,
      of.median((run) => run.allCards),
    ),
    info('tasks over 50 ms, start-up included (each run)', runs.map((run) => run.long).join(', ')),
    atMost(
      `longest task rendering the list (first batch to all ${COUNT})`,
      list.duration,
      50,
      `${of.runs((run) => run.list.duration)}; ${ms(list.cpu)} on the CPU`,
    ),
    info(
      'longest task while the app starts (before first cards)',
      of.runs((run) => run.boot),
    ),
    info('  the same with 1 favorite stored: the app on its own', runsOf(appAlone)),
    info(
      'longest task on the page, start-up included',
      of.runs((run) => run.all),
    ),
  )
})

async function useTools(page: Page) {
  await page.goto('/favorites')
  await page.locator(CARD).first().waitFor()
  await page.waitForTimeout(1000)
  const { tasks, sorted } = await traced(page, async () => {
    const firstCards = await page.evaluate((name) => performance.mark(name).startTime, FIRST_CARDS)
    await page.getByLabel('Sort by', { exact: true }).selectOption('title')
    await page.waitForURL(/sort=title/)
    await page.waitForTimeout(1000)
    const sorted = await page.evaluate(() => performance.now())
    await page.getByLabel('Filter', { exact: true }).click()
    await page.keyboard.type('the', { delay: 80 })
    await page.waitForURL(/filter=the/)
    await page.waitForTimeout(1000)
    return { firstCards, sorted }
  })
  const sort = longest(tasks.filter((task) => task.startTime < sorted))
  const filter = longest(tasks.filter((task) => task.startTime >= sorted))
  return { sort, filter, cpu: Math.max(0, ...tasks.map((task) => task.cpu)) }
}

test(`sorting and filtering a list of ${COUNT}`, async ({ browser }) => {
  const entries = movies.map(({ id, title, poster_path, release_date, vote_average }, index) => {
    const added_at = new Date(Date.UTC(2024, 0, 1) + index * 60_000).toISOString()
    return { id, title, poster_path, release_date, vote_average, added_at }
  })
  const runs = []
  for (let run = 0; run < RUNS; run++)
    runs.push(await inNewPage(browser, favorites(entries), useTools))
  const of = each(runs)
  const [sort, filter] = [runs.map((run) => run.sort), runs.map((run) => run.filter)]
  record(
    `List tools on ${COUNT.toLocaleString('en')} entries (${DESKTOP})`,
    atMost('longest task: Sort by → Title', median(sort), 50, runsOf(sort)),
    atMost('longest task: typing "the" in Filter', median(filter), 50, runsOf(filter)),
    info(
      'longest of those on the CPU',
      of.median((run) => run.cpu),
    ),
  )
})

/** A new account with FIRST_SYNC_ENTRIES entries on its lists, as another device synced them. */
async function accountWithEntries(run: number) {
  const email = `page-sync-${String(Date.now())}-${String(run)}@example.com`
  const account = { name: 'Bench', email, password: 'Bench1!pass' }
  await post(`${BENCH.server}/api/account/register`, account, 201)
  const { session: cookie } = await post(`${BENCH.server}/api/account/login`, account)
  const lists = ['favorites', 'watchlist', 'seen']
  const changes = Array.from({ length: FIRST_SYNC_ENTRIES }, (_, index) =>
    edit(lists[index % 3] ?? '', index + 1, Date.now() - index * 1000),
  )
  await post(`${BENCH.server}/api/account/lists/sync`, { since: 0, changes }, 200, cookie)
  const [name = '', ...value] = cookie.split('=')
  return { email, cookies: [{ name, value: value.join('='), url: BENCH.server }] }
}

/** Synced: the account's counter kept, and the cards in the DOM. */
const synced = ([key = '', card = '']: string[]) =>
  ((JSON.parse(localStorage.getItem(key) ?? '{}') as { since?: number }).since ?? 0) > 0 &&
  document.querySelector(card) !== null
const requestAt = (path: string) =>
  performance.getEntriesByType('resource').find((entry) => entry.name.endsWith(path))?.startTime

test(`${FIRST_SYNC_ENTRIES} entries synced from the account into a page`, async ({ browser }) => {
  const runs = []
  for (let run = 0; run < RUNS; run++) {
    const { email, cookies } = await accountWithEntries(run)
    const storage = { [CURRENT_USER_KEY]: JSON.stringify({ name: 'Bench', email }) }
    const useSync = async (page: Page) => {
      const {
        tasks,
        firstCards,
        syncStart = 0,
      } = await traced(page, async () => {
        await page.goto(`${BENCH.server}/favorites`)
        await page.waitForFunction(synced, [userKey('list-sync', email), CARD], { timeout: 60_000 })
        // The tasks that follow (the other lists' slices, effects) show up too.
        await page.waitForTimeout(1500)
        const syncStart = await page.evaluate(requestAt, '/lists/sync')
        return { syncStart, firstCards: await page.evaluate(markAt, FIRST_CARDS) }
      })
      const ours = tasks.filter((task) => task.startTime >= syncStart)
      return { longest: longest(ours), long: longTasks(ours), syncedIn: firstCards - syncStart }
    }
    runs.push(await inNewPage(browser, storage, useSync, cookies))
  }
  const middle = medianRun(runs, (run) => run.longest) ?? { longest: NaN, syncedIn: NaN }
  record(
    `Lists: ${FIRST_SYNC_ENTRIES.toLocaleString('en')} entries synced into a page (npm start, ${DESKTOP})`,
    atMost(
      'longest task, sync request to synced cards',
      middle.longest,
      50,
      each(runs).runs((run) => run.longest),
    ),
    info('tasks over 50 ms in that time (each run)', runs.map((run) => run.long).join(', ')),
    info('sync request start to the first synced card', ms(middle.syncedIn)),
  )
})
