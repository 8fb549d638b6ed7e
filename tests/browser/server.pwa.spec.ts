import { parsePolicy } from '../../src/shared/content-security-policy'
import {
  addFirstPopularToWatchlist,
  firstOf,
  listedTitles,
  mainNav,
  popularGrid,
  searchResults,
  toast,
} from './support/app'
import { expect, test, testsOwn } from './support/fixtures'
import {
  CACHE_NAMES,
  cachedUrls,
  openHomeUntilWorkerInCharge,
  goOffline,
  goOnline,
  installabilityErrors,
  offlineVisit,
  expectHomeAndVisitedMovie,
  expectUnvisitedMovieOffline,
  OFFLINE_MESSAGE,
  offlineNotice,
  testOfflineAfterOneVisit,
  withInstallProfile,
  workerScripts,
} from './support/pwa'
import { readStorage } from './support/storage'
import { db } from './support/tmdb'

/**
 * `npm start` (the demo catalog, and a credential in front of a fake TMDB): the app installs,
 * its worker runs under the script's own policy, and the pages seen open offline.
 */

test('installable: Chromium reports no installability error', async ({ playwright, baseURL }) => {
  await withInstallProfile({ playwright, baseURL }, async (page) => {
    await openHomeUntilWorkerInCharge(page)
    expect(await installabilityErrors(page)).toEqual([])
  })
})

test('the worker runs under its own policy, and keeps the posters from the image host', async ({
  page,
}) => {
  const script = await page.request.get('/sw.js')
  const policy = parsePolicy(script.headers()['content-security-policy'] ?? '')
  expect(policy.get('default-src')).toEqual(["'none'"])
  expect(policy.get('connect-src')?.[0]).toBe("'self'")

  await openHomeUntilWorkerInCharge(page)
  expect(await workerScripts(page)).toEqual(['/sw.js'])
  // The posters shown, fetched by the worker under that policy (their host is another origin
  // behind a credential, this one in the demo).
  const poster = await popularGrid(page)
    .getByRole('img')
    .first()
    .evaluate((image: HTMLImageElement) => image.src)
  await expect.poll(() => cachedUrls(page, CACHE_NAMES.posters)).toContain(poster)
})

testOfflineAfterOneVisit(
  'after one visit, the home page, a visited movie and search show; an unvisited movie says the connection is missing',
  async (page, context, titles) => {
    await goOffline(context)
    await expectHomeAndVisitedMovie(page)
    await expect(offlineNotice(page)).toBeVisible()
    await page.goto(`/search?q=${offlineVisit.term}`)
    await expect(searchResults(page, offlineVisit.term).getByRole('link')).toHaveText(titles)

    await page.goto(`/search?q=never-searched`)
    await expect(page.getByText('Error fetching data', { exact: true })).toBeVisible()
    await expect(page.getByText(OFFLINE_MESSAGE)).toBeVisible()

    await expectUnvisitedMovieOffline(page, context)
  },
)

test.describe('accounts on the server', () => {
  const user = {
    name: 'Wren',
    email: `wren-pwa-${String(Date.now())}@example.com`,
    password: 'Wren-pass-1',
  }
  test.use({ serverAccounts: true, signedIn: user })
  // Offline, a card's link the pointer passes over preloads its movie, and that request is
  // logged as a TMDB failure (behaviour §8).
  test.use({ allowedConsoleErrors: /Could not reach TMDB/ })

  test('nothing of the account is cached, and once signed out no list shows offline', async ({
    page,
    context,
  }) => {
    await openHomeUntilWorkerInCharge(page)
    const movie = await addFirstPopularToWatchlist(page)
    await page.goto('/watchlist')
    await expect(listedTitles(page)).toHaveText([movie.title])

    const everyCached = await page.evaluate(async () => {
      const urls: string[] = []
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url)
      }
      return urls
    })
    expect(everyCached.length).toBeGreaterThan(0)
    expect(everyCached.filter((url) => /\/api\/(account|auth)\b/.test(url))).toEqual([])

    await mainNav(page).getByRole('button', { name: 'Logout' }).click()
    await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible()
    await goOffline(context)
    await page.goto('/watchlist')
    await expect(page).toHaveURL(/\/login/)
    await expect(page.getByText(movie.title)).toHaveCount(0)
  })

  test('opened with the network off, the lists show; an edit made offline reaches the account once back online', async ({
    page,
    context,
  }) => {
    const movie = firstOf(db.discover(1).results.slice(2))
    const email = testsOwn(user).email.toLowerCase()
    await page.goto('/watchlist')
    await expect(page.getByText('No movies on your watchlist yet.')).toBeVisible()
    await openHomeUntilWorkerInCharge(page)
    // The person's lists follow the account from this browser.
    await expect
      .poll(async () => Object.keys(await readStorage(page)))
      .toContain(`list-sync:${email}`)

    await goOffline(context)
    await page.reload()
    const card = popularGrid(page).getByRole('article').filter({ hasText: movie.title })
    await card.getByRole('button', { name: 'Add to Watchlist', exact: true }).click()
    await expect(toast(page, 'Added to watchlist')).toBeVisible()
    await mainNav(page).getByRole('link', { name: 'Watchlist' }).click()
    await expect(listedTitles(page)).toHaveText([movie.title])
    await expect(
      page.getByText('Sharing needs a connection: it comes back when you are online.'),
    ).toBeVisible()

    const synced = context.waitForEvent('response', {
      predicate: (response) =>
        response.url().endsWith('/api/account/lists/sync') &&
        response.ok() &&
        (response.request().postDataJSON() as { changes: { movieId: number }[] }).changes.some(
          (change) => change.movieId === movie.id,
        ),
    })
    await goOnline(context)
    await synced
    // What another device gets: the account's watchlist, asked as a script would.
    const answer = await context.request.post('/api/account/lists/sync', {
      data: { since: 0, changes: [] },
    })
    const { changes } = (await answer.json()) as {
      changes: { list: string; movieId: number; present: boolean }[]
    }
    expect(
      changes
        .filter((change) => change.list === 'watchlist' && change.present)
        .map((change) => change.movieId),
    ).toEqual([movie.id])
  })
})
