import type { BrowserContext, Page, Response } from '@playwright/test'
import { CURRENT_USER_KEY } from '../../src/lib/session/session-store'
import { listEntryOf } from '../expected'
import { mainNav, popularGrid, toast } from './support/app'
import { expectNoAxeViolations } from './support/axe'
import { expect, test, testsOwn } from './support/fixtures'
import {
  listKey,
  listValue,
  readStorage,
  type Account,
  type ListKind,
  type StoredLists,
} from './support/storage'
import { db } from './support/tmdb'

/**
 * Lists that follow the account, in the page (`npm start`, its real database): two browser
 * contexts are two devices of one person, each test with an account of its own.
 */

test.use({
  serverAccounts: true,
  // Tests here cut the connection: a TMDB request then in flight fails, and the app logs it.
  allowedConsoleErrors: /Could not reach TMDB/,
})

const person: Account = { name: 'Sync', email: 'sync@example.com', password: 'Sunny-day7' }
const SYNC_PATH = '/api/account/lists/sync'

interface SentBody {
  since: number
  changes: { list: string; movieId: number; present: boolean }[]
}

type NewContext = (preset?: {
  signedIn?: Account
  storage?: Record<string, string>
}) => Promise<BrowserContext>

/**
 * A device signed in to the test's account, with a page on `path`; holding no lists of its own,
 * once its sync has started.
 */
async function device(newContext: NewContext, path = '/', lists?: StoredLists) {
  // Lists of the browser's own (never synced): raw entries, as an earlier visit left them.
  const storage = Object.fromEntries(
    Object.entries(lists ?? {}).map(([list, movies]) => [
      listKey(list as ListKind, testsOwn(person).email),
      listValue(movies),
    ]),
  )
  const context = await newContext({ signedIn: person, storage })
  const page = await context.newPage()
  await page.goto(path)
  if (!lists) await expect.poll(() => heldKeys(page)).toContain(syncKey())
  // The toasts' code loads once the page is idle: in before a test takes the connection away.
  await expect(page.locator('section[aria-label^="Notifications"]')).toBeAttached()
  return { context, page }
}

const syncKey = () => `list-sync:${testsOwn(person).email.toLowerCase()}`

const sentBody = (response: Response) => response.request().postDataJSON() as SentBody

/** The next successful sync that carries an edit of this film. */
const syncOf = (context: BrowserContext, movieId: number) =>
  context.waitForEvent('response', {
    predicate: (response) =>
      response.url().endsWith(SYNC_PATH) &&
      response.ok() &&
      sentBody(response).changes.some((change) => change.movieId === movieId),
  })

/** The films on the account's list, asked from the account API as a script would. */
async function accountList(context: BrowserContext, list: string): Promise<number[]> {
  const response = await context.request.post(SYNC_PATH, { data: { since: 0, changes: [] } })
  expect(response.status()).toBe(200)
  const { changes } = (await response.json()) as SentBody
  return changes
    .filter((change) => change.list === list && change.present)
    .map((change) => change.movieId)
    .sort((a, b) => a - b)
}

/** The keys this browser holds of the test's account. */
async function heldKeys(page: Page) {
  const suffix = `:${testsOwn(person).email.toLowerCase()}`
  return Object.keys(await readStorage(page)).filter((key) => key.endsWith(suffix))
}

const addToWatchlist = async (page: Page) => {
  const card = popularGrid(page).getByRole('article').first()
  await card.getByRole('button', { name: 'Add to Watchlist', exact: true }).click()
  await expect(toast(page, 'Added to watchlist')).toBeVisible()
}
const firstPopular = () => db.discover(1).results[0]?.id ?? 0
const firstPopularTitle = () => db.discover(1).results[0]?.title ?? ''

const status = (page: Page) =>
  page.getByRole('status').filter({ hasText: /changes? (saved|waiting)|retrying/ })

const goTo = async (page: Page, link: string) => {
  await mainNav(page).getByRole('link', { name: link, exact: true }).click()
}

test('an add on one device shows on the other once it is focused again', async ({ newContext }) => {
  const phone = await device(newContext)
  const laptop = await device(newContext, '/watchlist')
  await expect(laptop.page.getByText('No movies on your watchlist yet.')).toBeVisible()

  const synced = syncOf(phone.context, firstPopular())
  await addToWatchlist(phone.page)
  await synced
  expect(await accountList(phone.context, 'watchlist')).toEqual([firstPopular()])

  await laptop.page.evaluate(() => window.dispatchEvent(new Event('focus')))
  await expect(
    laptop.page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 2 }),
  ).toHaveText([firstPopularTitle()])
})

test('edits made offline wait, say so on the account page, and go when the connection is back', async ({
  newContext,
}) => {
  const { context, page } = await device(newContext, '/account')
  await expect(status(page)).toHaveText('All changes saved')
  await goTo(page, 'Home')
  // The films shown, then the connection lost: the edit is made offline, not the films' request.
  await expect(popularGrid(page).getByRole('article')).toHaveCount(20)
  await context.setOffline(true)
  await addToWatchlist(page)
  await goTo(page, 'Account')
  await expect(status(page)).toHaveText('Offline: 1 change waiting')
  await expectNoAxeViolations(page, 'the account page with a change waiting')

  const synced = syncOf(context, firstPopular())
  await context.setOffline(false)
  await synced
  await expect(status(page)).toHaveText('All changes saved')
  expect(await accountList(context, 'watchlist')).toEqual([firstPopular()])
})

test('a reload while the sync cannot get through keeps the waiting edit, sent later', async ({
  newContext,
}) => {
  const { context, page } = await device(newContext)
  await page.route(`**${SYNC_PATH}`, (route) => route.abort('internetdisconnected'))
  await addToWatchlist(page)
  await page.reload()
  await goTo(page, 'Account')
  await expect(status(page)).toHaveText('Could not save changes: retrying')
  expect(await accountList(context, 'watchlist')).toEqual([])

  const synced = syncOf(context, firstPopular())
  await page.unroute(`**${SYNC_PATH}`)
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await synced
  await expect(status(page)).toHaveText('All changes saved')
  expect(await accountList(context, 'watchlist')).toEqual([firstPopular()])
})

test('two tabs: the edit is sent once and both show it', async ({ newContext }) => {
  const { context, page } = await device(newContext)
  const other = await context.newPage()
  await other.goto('/watchlist')
  const sends: SentBody[] = []
  context.on('request', (request) => {
    if (request.url().endsWith(SYNC_PATH)) sends.push(request.postDataJSON() as SentBody)
  })
  const synced = syncOf(context, firstPopular())
  await addToWatchlist(page)
  await synced
  await expect(
    other.getByRole('main').getByRole('listitem').getByRole('heading', { level: 2 }),
  ).toHaveText([firstPopularTitle()])
  // Focus on each tab syncs again: nothing is sent twice.
  await other.evaluate(() => window.dispatchEvent(new Event('focus')))
  await page.evaluate(() => window.dispatchEvent(new Event('focus')))
  await expect
    .poll(() => sends.length, { message: 'the focus syncs ran' })
    .toBeGreaterThanOrEqual(3)
  const carrying = sends.filter((body) =>
    body.changes.some((change) => change.movieId === firstPopular()),
  )
  expect(carrying).toHaveLength(1)
  expect(await accountList(context, 'watchlist')).toEqual([firstPopular()])
})

test('signing out with a change not sent asks first; signed out, the browser keeps none of the lists', async ({
  newContext,
}) => {
  const { context, page } = await device(newContext)
  await context.setOffline(true)
  await addToWatchlist(page)
  await mainNav(page).getByRole('button', { name: 'Logout' }).click()
  const question = page.getByRole('dialog', {
    name: '1 change is not saved to your account yet. Sign out anyway?',
  })
  await expect(question).toBeVisible()
  await expect(question.getByRole('button', { name: 'Stay signed in' })).toBeFocused()
  await expectNoAxeViolations(page, 'the sign-out question')
  await page.keyboard.press('Escape')
  await expect(question).toBeHidden()
  await expect(mainNav(page).getByRole('button', { name: 'Logout' })).toBeFocused()

  // Back online, the server still out of reach: the login page's code can load.
  await page.route(`**${SYNC_PATH}`, (route) => route.abort('connectionrefused'))
  await context.setOffline(false)
  await mainNav(page).getByRole('button', { name: 'Logout' }).click()
  await question.getByRole('button', { name: 'Sign out anyway' }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect(await heldKeys(page)).toEqual([])
  expect((await readStorage(page))[CURRENT_USER_KEY]).toBeUndefined()
})

test('lists this browser held are offered to the account once, then follow it', async ({
  newContext,
}) => {
  const films = db.movies.slice(0, 3)
  const lists = { favorites: films.map((movie) => listEntryOf(movie, '2025-01-01T00:00:00.000Z')) }
  const { context, page } = await device(newContext, '/', lists)
  const offer = toast(page, 'This browser has lists saved for you. Add them to your account?')
  await expect(offer).toBeVisible()
  await expectNoAxeViolations(page, 'the offer to bring lists in')
  const synced = syncOf(context, films[0]?.id ?? 0)
  await page.getByRole('button', { name: 'Add to account' }).click()
  await expect(
    toast(page, 'Lists added to your account: Imported 3 · already there 0'),
  ).toBeVisible()
  await synced
  expect(await accountList(context, 'favorites')).toEqual(
    films.map((movie) => movie.id).sort((a, b) => a - b),
  )

  await page.reload()
  await expect(popularGrid(page).getByRole('article').first()).toBeVisible()
  await page.evaluate(() => window.dispatchEvent(new Event('focus')))
  await expect(offer).toBeHidden()

  const other = await device(newContext, '/favorites')
  await expect(other.page.getByRole('main').getByRole('listitem')).toHaveCount(3)
})

test('a file imported in server mode goes to the account', async ({ newContext }) => {
  const films = db.movies.slice(10, 14)
  const { context, page } = await device(newContext, '/seen')
  await expect(page.getByText('No movies marked as seen yet.')).toBeVisible()
  const synced = syncOf(context, films[0]?.id ?? 0)
  await page.getByLabel('Import a list file').setInputFiles({
    name: 'cinelist-seen.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      JSON.stringify({
        format: 'cinelist',
        version: 1,
        list: 'seen',
        exportedAt: '2026-01-01T00:00:00.000Z',
        movies: films.map((movie) => listEntryOf(movie, '2025-02-01T00:00:00.000Z')),
      }),
    ),
  })
  await expect(page.getByText('Imported 4 · already there 0 · not found 0')).toBeVisible()
  await synced
  expect(await accountList(context, 'seen')).toEqual(
    films.map((movie) => movie.id).sort((a, b) => a - b),
  )

  const other = await device(newContext, '/seen')
  await expect(other.page.getByRole('main').getByRole('listitem')).toHaveCount(4)
})

test('My services chosen on one device show on the other, and a change there reaches the account', async ({
  newContext,
}) => {
  const phone = await device(newContext)
  const hulu = { id: 15, name: 'Hulu' }
  // The demo catalog lists no services to pick from: the choice comes as another device sends it.
  const sent = await phone.context.request.post(SYNC_PATH, {
    data: { since: 0, changes: [], services: { value: [hulu], editedAt: Date.now() } },
  })
  expect(sent.status()).toBe(200)

  const laptop = await device(newContext, '/account/services')
  const services = laptop.page.getByRole('main')
  await expect(services.getByText('1 service chosen')).toBeVisible()
  const box = services.getByRole('checkbox', { name: 'Hulu' })
  await expect(box).toBeChecked()
  await expectNoAxeViolations(laptop.page, 'my services, synced')

  const synced = laptop.context.waitForEvent('response', {
    predicate: (response) =>
      response.url().endsWith(SYNC_PATH) &&
      response.ok() &&
      (response.request().postDataJSON() as { services?: unknown }).services !== undefined,
  })
  await box.uncheck()
  await synced
  const held = await phone.context.request.post(SYNC_PATH, { data: { since: 0, changes: [] } })
  expect(((await held.json()) as { services: { value: unknown[] } }).services.value).toEqual([])
})
