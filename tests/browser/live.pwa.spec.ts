import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startStaticServer } from '../../scripts/bench/static-server.mjs'
import { addFirstPopularToWatchlist, firstOf, popularGrid, searchResults } from './support/app'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import {
  CACHE_NAMES,
  cachedUrls,
  openHomeUntilWorkerInCharge,
  goOffline,
  installabilityErrors,
  movieHeading,
  offlineVisit,
  expectHomeAndVisitedMovie,
  expectUnvisitedMovieOffline,
  offlineNotice,
  testOfflineAfterOneVisit,
  withInstallProfile,
  workerScripts,
} from './support/pwa'
import { listKey, readStored } from './support/storage'
import { db, serveTmdb } from './support/tmdb'

/**
 * The credentialed static build as an installable app that opens offline. The tests answer
 * TMDB (the `tmdb` fixture): Playwright's routes see the service worker's requests too.
 */

test('installable: Chromium reports no installability error, and the manifest is the app’s', async ({
  playwright,
  baseURL,
}) => {
  await withInstallProfile({ playwright, baseURL }, async (page, context) => {
    await serveTmdb(context)
    await openHomeUntilWorkerInCharge(page)
    expect(await installabilityErrors(page)).toEqual([])

    // Linked by the app once the page has loaded, not by the HTML: fetched at once, the manifest
    // and its icon would take connections the start-up scripts wait for.
    expect(await (await page.request.get('/')).text()).not.toContain('rel="manifest"')
    const href = await page.locator('link[rel="manifest"]').getAttribute('href')
    const manifest = (await (await page.request.get(href ?? '')).json()) as {
      name: string
      short_name: string
      start_url: string
      display: string
      icons: { sizes: string; purpose: string }[]
    }
    expect(manifest).toMatchObject({
      name: 'CineList',
      short_name: 'CineList',
      start_url: '/',
      display: 'standalone',
    })
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ])
    expect(await workerScripts(page)).toEqual(['/sw.js'])
  })
})

testOfflineAfterOneVisit(
  'after one visit, the home page, a visited movie and a visited search show offline; an unvisited movie says the connection is missing',
  async (page, context, titles) => {
    // The home page's posters, shown before the worker was in charge, are kept too.
    const poster = firstOf(db.discover(1).results)
    await expect
      .poll(async () => (await cachedUrls(page, CACHE_NAMES.posters)).join(' '))
      .toContain(`/${String(poster.id)}.svg`)

    await goOffline(context)
    await page.reload()
    await expect(searchResults(page, offlineVisit.term).getByRole('link')).toHaveText(titles)
    await expect(offlineNotice(page)).toBeVisible()
    await expectHomeAndVisitedMovie(page)

    await expectUnvisitedMovieOffline(page, context)
  },
)

test.describe('signed in', () => {
  const user = { name: 'Ona', email: 'ona@example.com', password: 'Ona-pass-1' }
  test.use({ signedIn: user })

  test('a list entry toggled offline is kept, and the list shows offline', async ({
    page,
    context,
  }) => {
    await openHomeUntilWorkerInCharge(page)

    await goOffline(context)
    await page.reload()
    const movie = await addFirstPopularToWatchlist(page)
    const stored = (await readStored(page, listKey('watchlist', user.email))) as {
      movies: { id: number }[]
    }
    expect(stored.movies.map((entry) => entry.id)).toEqual([movie.id])

    await page.goto('/watchlist')
    await expect(movieHeading(page, 'My Watchlist')).toBeVisible()
    await expect(
      page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 2 }),
    ).toHaveText([movie.title])
  })
})

test('a new deployment offers “A new version is available”, and reloads only on “Reload”', async ({
  page,
  baseURL,
}) => {
  test.slow()
  // A copy of the build on a server of its own: the test deploys a new version into it.
  const liveDist = `dist-e2e-live-${new URL(baseURL ?? '').port}`
  const root = await mkdtemp(join(tmpdir(), 'cinelist-pwa-'))
  await cp(liveDist, root, { recursive: true })
  let server = await startStaticServer(root)
  try {
    const url = server.url
    await openHomeUntilWorkerInCharge(page, url)
    // A cache of an older version of the app's, to be cleaned up.
    await page.evaluate(() => caches.open('cinelist-tmdb-data-v0'))

    // The next deployment: a new worker (its code changed), served at the same address.
    await server.close()
    const worker = join(root, 'sw.js')
    await writeFile(worker, `${await readFile(worker, 'utf8')}\n// the next deployment\n`)
    server = await startStaticServer(root, { port: Number(new URL(url).port) })

    await page.reload()
    await expect(popularGrid(page).getByRole('article')).toHaveCount(20)
    await page.evaluate(() => {
      Reflect.set(window, '__sameDocument', true)
    })
    const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' })
    await expect(prompt).toBeVisible({ timeout: 20_000 })
    // Waiting for the person: the page was not reloaded under them.
    expect(await page.evaluate(() => Reflect.has(window, '__sameDocument'))).toBe(true)
    expect(
      await page.evaluate(async () => (await caches.keys()).includes('cinelist-tmdb-data-v0')),
    ).toBe(true)
    await expectNoAxeViolations(page, 'the update prompt')

    // Pressed, the new version takes over and the page reloads into it.
    const reloaded = page.waitForEvent('load')
    await prompt.getByRole('button', { name: 'Reload' }).click()
    await reloaded
    expect(await page.evaluate(() => Reflect.has(window, '__sameDocument'))).toBe(false)
    await expect(popularGrid(page).getByRole('article')).toHaveCount(20)
    await expect(page.getByText('A new version is available')).toHaveCount(0)
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready
        return {
          waiting: registration.waiting !== null,
          oldCache: (await caches.keys()).includes('cinelist-tmdb-data-v0'),
        }
      }),
    ).toEqual({ waiting: false, oldCache: false })
  } finally {
    await server.close()
    await rm(root, { recursive: true, force: true })
  }
})
