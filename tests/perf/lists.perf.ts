import { test, type Page } from '@playwright/test'
import { edit, FIRST_SYNC_ENTRIES, post } from '../../scripts/bench/load'
import { info, median, ms } from '../../scripts/bench/rows'
import { generateNKeysBetween } from 'fractional-indexing'
import { LIST_VERSION } from '../../src/lib/movie-lists/list-store'
import { entriesKey, indexKey, NAMED_LISTS_VERSION } from '../../src/lib/movie-lists/named-lists'
import { CURRENT_USER_KEY } from '../../src/lib/session/session-store'
import { userKey } from '../../src/lib/session/user-storage'
import { BENCH, CARD, db, DESKTOP, FIRST_CARDS, inNewPage, longest } from './support'
import { longestOfRuns, longTasks, record, repeat, runsOf, traced } from './support'

const COUNT = 1000
const movies = db.movies.slice(0, COUNT)
/** Favorites as the app stores them, and list entries added a minute apart. */
const favorites = movies.map(({ id, title, poster_path, release_date }) => {
  return { id, title, poster_path, release_date }
})
const entries = movies.map(({ id, title, poster_path, release_date, vote_average }, index) => {
  const added_at = new Date(Date.UTC(2024, 0, 1) + index * 60_000).toISOString()
  return { id, title, poster_path, release_date, vote_average, added_at }
})
const user = { name: 'Bench', email: 'bench@example.com' }
/** Signed in, with `stored` as the app keeps its favorites. */
const signedIn = (stored: object[]) => ({
  [CURRENT_USER_KEY]: JSON.stringify(user),
  [userKey('favorites', user.email)]: JSON.stringify({ version: LIST_VERSION, movies: stored }),
})
const markAt = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? 0

/** A list page: every card by scrolling to the end, or the start-up alone, to the first cards. */
const openList =
  (toEnd: boolean, path = '/favorites') =>
  async (page: Page) => {
    // In the page's own world: a locator would load Playwright's script, a task of its own.
    const cards = () => page.evaluate((card) => document.querySelectorAll(card).length, CARD)
    const { tasks, ...marks } = await traced(page, async () => {
      await page.goto(path)
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
    const { duration: list, cpu: listCpu } = longest(tasks, marks.firstCards)
    // Before the first cards the app starts: its scripts, the stored favorites, a first render.
    const boot = longest(tasks, -Infinity, marks.firstCards).duration
    return { ...marks, boot, all: longest(tasks).duration, long: longTasks(tasks), list, listCpu }
  }

test(`the favorites page with ${COUNT} favorites`, async ({ browser }) => {
  const { of, ofMedianRun } = await repeat(async () => ({
    ...(await inNewPage(browser, signedIn(favorites), openList(true))),
    // Alternated, so that both see the same machine.
    alone: (await inNewPage(browser, signedIn(favorites.slice(0, 1)), openList(false))).boot,
  }))
  const listLabel = `longest task rendering the list (first batch to all ${COUNT})`
  const onCpu = `; ${ms(ofMedianRun('list', 'listCpu'))} on the CPU`
  record(
    `Favorites page with ${COUNT.toLocaleString('en')} favorites (${DESKTOP})`,
    info('first contentful paint', ms(median(of('fcp')))),
    info('first batch of cards in the DOM (from navigation)', ms(median(of('firstCards')))),
    info(`all ${COUNT} cards in the DOM, scrolling to the end`, ms(median(of('allCards')))),
    info('tasks over 50 ms, start-up included (each run)', of('long').join(', ')),
    longestOfRuns(listLabel, of('list'), onCpu),
    info('longest task while the app starts (before first cards)', runsOf(of('boot'))),
    info('  the same with 1 favorite stored: the app on its own', runsOf(of('alone'))),
    info('longest task on the page, start-up included', runsOf(of('all'))),
  )
})

const LIST_ID = '6f9d2c1e-4b3a-4e5f-9a8b-7c6d5e4f3a2b'
/** Signed in, with one list of their own holding `count` films, ranked. */
function withNamedList(count: number) {
  const at = new Date(Date.UTC(2024, 0, 1)).toISOString()
  const list = { id: LIST_ID, name: 'Bench', description: '', ranked: true, createdAt: at }
  const keys = generateNKeysBetween(null, null, count)
  const films = entries.slice(0, count).map((entry, index) => ({ ...entry, position: keys[index] }))
  return {
    [CURRENT_USER_KEY]: JSON.stringify(user),
    [indexKey(user.email)]: JSON.stringify({
      version: NAMED_LISTS_VERSION,
      lists: [{ ...list, updatedAt: at }],
    }),
    [entriesKey(user.email, LIST_ID)]: JSON.stringify({
      version: NAMED_LISTS_VERSION,
      movies: films,
    }),
  }
}

/** "Move down" on the first film of the rendered list, three times. */
async function moveFirst(page: Page) {
  await page.goto(`/lists/${LIST_ID}`)
  await page.locator(CARD).first().waitFor()
  await page.waitForTimeout(1000)
  const { tasks } = await traced(page, async () => {
    const firstCards = await page.evaluate((name) => performance.mark(name).startTime, FIRST_CARDS)
    for (let step = 0; step < 3; step++) {
      await page.getByRole('button', { name: 'Move down' }).first().click()
      await page.waitForTimeout(500)
    }
    return { firstCards }
  })
  return { move: longest(tasks).duration }
}

test(`a list of one's own with ${COUNT} films`, async ({ browser }) => {
  const path = `/lists/${LIST_ID}`
  const { of, ofMedianRun } = await repeat(async () => ({
    ...(await inNewPage(browser, withNamedList(COUNT), openList(true, path))),
    ...(await inNewPage(browser, withNamedList(COUNT), moveFirst)),
  }))
  const onCpu = `; ${ms(ofMedianRun('list', 'listCpu'))} on the CPU`
  record(
    `A list of one's own with ${COUNT.toLocaleString('en')} films, ranked (${DESKTOP})`,
    info('first batch of cards in the DOM (from navigation)', ms(median(of('firstCards')))),
    longestOfRuns(
      `longest task rendering the list (first batch to all ${COUNT})`,
      of('list'),
      onCpu,
    ),
    info('tasks over 50 ms, start-up included (each run)', of('long').join(', ')),
    info('longest task while the app starts (before first cards)', runsOf(of('boot'))),
    longestOfRuns('longest task: "Move down" on the first film', of('move')),
  )
})

/** Sort by → Title, then "the" typed into Filter, on the rendered list. */
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
  const [sort, filter] = [longest(tasks, -Infinity, sorted), longest(tasks, sorted)]
  const cpu = Math.max(0, ...tasks.map((task) => task.cpu))
  return { sort: sort.duration, filter: filter.duration, cpu }
}

test(`sorting and filtering a list of ${COUNT}`, async ({ browser }) => {
  const { of } = await repeat(() => inNewPage(browser, signedIn(entries), useTools))
  record(
    `List tools on ${COUNT.toLocaleString('en')} entries (${DESKTOP})`,
    longestOfRuns('longest task: Sort by → Title', of('sort')),
    longestOfRuns('longest task: typing "the" in Filter', of('filter')),
    info('longest of those on the CPU', ms(median(of('cpu')))),
  )
})

/** A new account with FIRST_SYNC_ENTRIES entries on its lists, as another device synced them. */
async function accountWithEntries(run: number) {
  const email = `page-sync-${String(Date.now())}-${String(run)}@example.com`
  const account = { name: 'Bench', email, password: 'Bench1!pass' }
  await post(`${BENCH.server}/api/account/register`, account, 201)
  const { session } = await post(`${BENCH.server}/api/account/login`, account)
  const lists = ['favorites', 'watchlist', 'seen']
  const changes = Array.from({ length: FIRST_SYNC_ENTRIES }, (_, index) =>
    edit(lists[index % 3] ?? '', index + 1, Date.now() - index * 1000),
  )
  await post(`${BENCH.server}/api/account/lists/sync`, { since: 0, changes }, 200, session)
  const [name = '', ...value] = session.split('=')
  return { email, cookies: [{ name, value: value.join('='), url: BENCH.server }] }
}

/** Synced: the account's counter kept, and the cards in the DOM. */
const synced = ([key = '', card = '']: string[]) =>
  ((JSON.parse(localStorage.getItem(key) ?? '{}') as { since?: number }).since ?? 0) > 0 &&
  document.querySelector(card) !== null
const requestAt = (path: string) =>
  performance.getEntriesByType('resource').find((entry) => entry.name.endsWith(path))?.startTime

/** /favorites under `npm start` for `email`, whose lists are synced in from the sync request. */
const openSynced = (email: string) => async (page: Page) => {
  const { tasks, firstCards, syncStart } = await traced(page, async () => {
    await page.goto(`${BENCH.server}/favorites`)
    await page.waitForFunction(synced, [userKey('list-sync', email), CARD], { timeout: 60_000 })
    // The tasks that follow (the other lists' slices, effects) show up too.
    await page.waitForTimeout(1500)
    const syncStart = (await page.evaluate(requestAt, '/lists/sync')) ?? 0
    return { syncStart, firstCards: await page.evaluate(markAt, FIRST_CARDS) }
  })
  const { duration } = longest(tasks, syncStart)
  return { longest: duration, long: longTasks(tasks, syncStart), syncedIn: firstCards - syncStart }
}

test(`${FIRST_SYNC_ENTRIES} entries synced from the account into a page`, async ({ browser }) => {
  const { of, ofMedianRun } = await repeat(async (run) => {
    const { email, cookies } = await accountWithEntries(run)
    const storage = { [CURRENT_USER_KEY]: JSON.stringify({ name: 'Bench', email }) }
    return inNewPage(browser, storage, openSynced(email), cookies)
  })
  const count = FIRST_SYNC_ENTRIES.toLocaleString('en')
  record(
    `Lists: ${count} entries synced into a page (npm start, ${DESKTOP})`,
    longestOfRuns('longest task, sync request to synced cards', of('longest')),
    info('tasks over 50 ms in that time (each run)', of('long').join(', ')),
    info('sync request start to the first synced card', ms(ofMedianRun('longest', 'syncedIn'))),
  )
})
