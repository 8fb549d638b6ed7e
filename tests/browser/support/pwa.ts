import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, type BrowserContext, type Page, type PlaywrightWorkerArgs } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from '../../../scripts/chromium.mjs'
import { CACHE_NAMES } from '../../../src/config/offline-caches'
import { OFFLINE_MESSAGE } from '../../../src/lib/offline-message'
import { expectedSearch, firstOf, popularGrid, searchResults } from './app'
import { expectNoAxeViolations } from './axe'
import { test } from './fixtures'
import { db } from './tmdb'

export { CACHE_NAMES }
/** The offline message beside the spec's failure texts. */
export { OFFLINE_MESSAGE }

/** Chromium's own installability check, as its install prompt runs it. */
export async function installabilityErrors(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page)
  try {
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
    return installabilityErrors.map(
      (error) => `${error.errorId} ${error.errorArguments.map((arg) => arg.value).join(' ')}`,
    )
  } finally {
    await cdp.detach()
  }
}

/**
 * Runs `run` in a browser of its own on a profile of its own, removed after: Chromium never
 * offers to install from an incognito profile, which every test context is.
 */
export async function withInstallProfile(
  { playwright, baseURL }: { playwright: PlaywrightWorkerArgs['playwright']; baseURL?: string },
  run: (page: Page, context: BrowserContext) => Promise<void>,
) {
  const profile = await mkdtemp(join(tmpdir(), 'cinelist-profile-'))
  const context = await playwright.chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    args: CHROMIUM_ARGS,
    ...(baseURL ? { baseURL } : {}),
  })
  try {
    await run(context.pages()[0] ?? (await context.newPage()), context)
  } finally {
    await context.close()
    await rm(profile, { recursive: true, force: true })
  }
}

/** The script of every service worker registered for the page's origin. */
export const workerScripts = (page: Page) =>
  page.evaluate(async () =>
    (await navigator.serviceWorker.getRegistrations()).map((registration) => {
      const worker = registration.active ?? registration.waiting ?? registration.installing
      return new URL(worker?.scriptURL ?? '', location.href).pathname
    }),
  )

/** The app's worker is in charge of the page, and holds the visit's TMDB answers. */
export async function expectWorkerInCharge(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''), {
      timeout: 20_000,
    })
    .toMatch(/\/sw\.js$/)
  await expect.poll(() => cachedUrls(page, CACHE_NAMES.data)).not.toEqual([])
}

/** The home page at `url`, its popular movies shown, until the app's worker is in charge. */
export async function openHomeUntilWorkerInCharge(page: Page, url = '/') {
  await page.goto(url)
  await expect(popularGrid(page).getByRole('article')).toHaveCount(20)
  await expectWorkerInCharge(page)
}

/** The URLs a cache of the page's origin holds. */
export const cachedUrls = (page: Page, cacheName: string) =>
  page.evaluate(
    async (name) =>
      (await caches.has(name))
        ? (await (await caches.open(name)).keys()).map((request) => request.url)
        : [],
    cacheName,
  )

/**
 * No connection: the browser says it is offline, and nothing reaches the network (a route
 * registered last is asked first, ahead of the tests' TMDB).
 */
export async function goOffline(context: BrowserContext) {
  await context.setOffline(true)
  await context.route('**/*', (route) => route.abort('internetdisconnected'))
}

export async function goOnline(context: BrowserContext) {
  await context.unroute('**/*')
  await context.setOffline(false)
}

/** The small notice shown while offline (src/features/pwa/). */
export const offlineNotice = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'You’re offline' })

/** A movie and a search visited before the connection goes, and a movie never visited. */
export const offlineVisit = {
  visited: firstOf(db.discover(1).results.slice(4)),
  unvisited: firstOf(db.discover(1).results.slice(9)),
  term: 'alien',
}

export const movieHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true })

/**
 * One visit, as a person makes it: the home page (until the worker is in charge), a movie and a
 * search, until the worker has kept both answers. Returns the search's titles.
 */
export async function visitBeforeGoingOffline(page: Page): Promise<string[]> {
  const { visited, term } = offlineVisit
  await openHomeUntilWorkerInCharge(page)
  await page.goto(`/movie/${String(visited.id)}`)
  await expect(movieHeading(page, visited.title)).toBeVisible()
  // The worker keeps each answer, the one the server put inside the page too: it is in before
  // the person moves on.
  await expectKeptAnswer(page, `/3/movie/${String(visited.id)}?`)
  await page.goto(`/search?q=${term}`)
  const titles = expectedSearch(term).movies.map((movie) => movie.title)
  await expect(searchResults(page, term).getByRole('link')).toHaveText(titles)
  await expectKeptAnswer(page, '/3/search/movie?')
  return titles
}

/**
 * The offline test of a build: one visit as a person makes it (visitBeforeGoingOffline), then
 * `offline`, given the visited search's titles. Each request that finds no connection is logged
 * as a TMDB failure (behaviour §8).
 */
export function testOfflineAfterOneVisit(
  title: string,
  offline: (page: Page, context: BrowserContext, titles: string[]) => Promise<void>,
) {
  test.describe('offline', () => {
    test.use({ allowedConsoleErrors: /Could not reach TMDB/ })

    test(title, async ({ page, context }) => {
      test.slow()
      await offline(page, context, await visitBeforeGoingOffline(page))
    })
  })
}

/** Offline, the home page shows the popular movies, and the movie visited shows. */
export async function expectHomeAndVisitedMovie(page: Page) {
  await page.goto('/')
  await expect(popularGrid(page).getByRole('heading', { level: 3 })).toHaveText(
    db.discover(1).results.map((movie) => movie.title),
  )
  await page.goto(`/movie/${String(offlineVisit.visited.id)}`)
  await expect(movieHeading(page, offlineVisit.visited.title)).toBeVisible()
}

async function expectKeptAnswer(page: Page, urlPart: string) {
  await expect
    .poll(async () =>
      (await cachedUrls(page, CACHE_NAMES.data)).some((url) => url.includes(urlPart)),
    )
    .toBe(true)
}

/**
 * Offline, a movie never visited: the spec's failure text and the offline message, axe-clean in
 * both themes; back online, both notices go and the movie loads by itself.
 */
export async function expectUnvisitedMovieOffline(page: Page, context: BrowserContext) {
  const { unvisited } = offlineVisit
  await page.goto(`/movie/${String(unvisited.id)}`)
  await expect(page.getByText('Failed to load movie details', { exact: true })).toBeVisible()
  await expect(page.getByText(OFFLINE_MESSAGE)).toBeVisible()
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme })
    await page.reload()
    await expect(page.getByText(OFFLINE_MESSAGE)).toBeVisible()
    await expect(offlineNotice(page)).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme)
    await expectNoAxeViolations(page, `an unvisited movie offline, ${colorScheme} theme`)
  }

  await goOnline(context)
  await expect(movieHeading(page, unvisited.title)).toBeVisible()
  await expect(page.getByText(OFFLINE_MESSAGE)).toHaveCount(0)
  await expect(offlineNotice(page)).toHaveCount(0)
}
