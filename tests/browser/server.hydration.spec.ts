import type { Page } from '@playwright/test'
import { firstOf, mainNav, popularGrid, toast } from './support/app'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { openShell } from './support/shell'
import { db } from './support/tmdb'

/**
 * Under `npm start` the server renders each public page (src/ssr/entry-server.tsx) and the
 * browser hydrates it: every node the server sent stays, nothing is asked for again, and a
 * hydration error or mismatch (logged to the console, which fails any test: support/fixtures.ts)
 * never happens, in either theme, at a phone's width and a desktop's, signed in or not.
 */

const movie = firstOf(db.discover(1).results.slice(3))
const director = db.find(movie.id, ['credits'])?.credits?.crew[0]
const alice = { name: 'Alice', email: 'alice@example.com', password: 'Secret1!' }

const PAGES = [
  { path: '/', heading: 'CineList' },
  { path: '/?genre=18&page=2', heading: 'CineList' },
  { path: '/search?q=star', heading: 'Search Movies' },
  { path: '/search?q=spielberg&type=person', heading: 'Search People' },
  { path: `/movie/${String(movie.id)}`, heading: movie.title },
  { path: `/person/${String(director?.id)}`, heading: director?.name ?? '' },
  { path: '/login', heading: 'Login' },
  { path: '/register', heading: 'Register' },
  { path: '/no/such/page', heading: '404' },
] as const

declare global {
  interface Window {
    /** Elements of the page as the server sent it, for anyone, kept before the app's code ran. */
    serverNodes?: Element[]
  }
}

/**
 * Opens `path` with the app's code held back, keeps the page's elements, lets the code run and
 * waits for the page to hydrate. Returns the TMDB requests the page sent meanwhile.
 */
async function hydrate(page: Page, path: string): Promise<string[]> {
  const api: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/tmdb/')) api.push(url.pathname + url.search)
  })
  const release = await openShell(page, path)
  // What the page holds for the other kind of visitor only goes as it hydrates.
  await page.evaluate(() => {
    window.serverNodes = [...document.querySelectorAll('#root *')].filter(
      (node) => !node.closest('[data-signed-in-only], [data-signed-out-only]'),
    )
  })
  expect(await page.evaluate(() => window.serverNodes?.length)).toBeGreaterThan(20)
  release()
  // The router's data is read, then removed, as the page hydrates.
  await expect.poll(() => page.evaluate(() => '$_TSR' in window)).toBe(false)
  await page.waitForLoadState('networkidle')
  return api
}

/** The elements the server sent for anyone that hydration replaced, by their markup. */
const droppedNodes = (page: Page) =>
  page.evaluate(() =>
    (window.serverNodes ?? [])
      .filter((node) => !node.isConnected)
      .map((node) => node.outerHTML.slice(0, 120)),
  )

for (const theme of ['dark', 'light'] as const) {
  for (const width of [390, 1280]) {
    test.describe(`${theme} theme, ${String(width)} px`, () => {
      test.use({
        viewport: { width, height: 900 },
        colorScheme: theme,
      })

      test('the pages as the server sends them, before the code has run, have no accessibility violations', async ({
        page,
      }) => {
        for (const { path } of PAGES) {
          const release = await openShell(page, path)
          await expectNoAxeViolations(page, `${path} before hydration`)
          release()
        }
      })

      for (const { path, heading } of PAGES) {
        test(`signed out, ${path} hydrates in place, asking for nothing it came with`, async ({
          page,
        }) => {
          const api = await hydrate(page, path)
          await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
          expect(await droppedNodes(page)).toEqual([])
          expect(api).toEqual([])
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
        })
      }

      test.describe('signed in', () => {
        test.use({ signedIn: alice, serverAccounts: true })

        // The login and register pages send a signed-in person home (below).
        for (const { path, heading } of PAGES.filter(
          (page) => !/^\/(login|register)/.test(page.path),
        )) {
          test(`${path} hydrates in place, then shows what is theirs`, async ({ page }) => {
            const api = await hydrate(page, path)
            await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
            await expect(mainNav(page).getByRole('link', { name: 'Login' })).toHaveCount(0)
            expect(await droppedNodes(page)).toEqual([])
            expect(api).toEqual([])
            // On a phone the bar's links are in its menu.
            if (width < 768) await mainNav(page).getByRole('button', { name: 'Open menu' }).click()
            await expect(mainNav(page).getByRole('button', { name: 'Logout' })).toBeVisible()
          })
        }
      })
    })
  }
}

test.describe('signed in', () => {
  test.use({ signedIn: alice, serverAccounts: true })

  for (const width of [390, 1280]) {
    test(`at ${String(width)} px the home page does not move as it shows what is theirs`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.addInitScript(() => {
        const shifts: number[] = []
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            shifts.push((entry as PerformanceEntry & { value: number }).value)
          }
        }).observe({ type: 'layout-shift', buffered: true })
        Object.assign(window, { layoutShifts: shifts })
      })
      await hydrate(page, '/')
      await expect(page.getByText('Welcome, Alice!')).toBeVisible()
      await expect(popularGrid(page).getByRole('article')).toHaveCount(20)
      const shifts = await page.evaluate(
        () => (window as unknown as { layoutShifts: number[] }).layoutShifts,
      )
      expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0)
    })
  }

  test('the login page, rendered for nobody in particular, sends a signed-in person home', async ({
    page,
  }) => {
    await hydrate(page, '/login')
    await expect(page).toHaveURL((url) => url.pathname === '/')
    await expect(page.getByText('Welcome, Alice!')).toBeVisible()
  })
})

test.describe('before the code has run', () => {
  test.use({ serverAccounts: true })

  test('a login form filled at once, as a password manager does, signs in once hydrated', async ({
    page,
  }) => {
    await page.request.post('/api/account/register', {
      data: { ...alice, email: `filled-${test.info().testId}@example.com` },
      failOnStatusCode: false,
    })
    const release = await openShell(page, '/login')
    await page.locator('input[name="email"]').fill(`filled-${test.info().testId}@example.com`)
    await page.locator('input[name="password"]').fill(alice.password)
    // The button waits for the code: sent before, the form would lose nothing but go nowhere.
    await expect(page.getByRole('button', { name: 'Login' })).toBeDisabled()
    release()
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled()
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(
      `filled-${test.info().testId}@example.com`,
    )
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(toast(page, 'Login successful')).toBeVisible({ timeout: 20_000 })
    await expect(page).toHaveURL((url) => url.pathname === '/')
  })

  test("a card's Add to Favorites waits for the code, then answers the first press", async ({
    page,
  }) => {
    const release = await openShell(page, '/')
    const add = popularGrid(page).getByRole('button', { name: 'Add to Favorites' }).first()
    await expect(add).toBeDisabled()
    release()
    await add.click()
    await expect(toast(page, 'Please login first')).toBeVisible()
  })

  test('a filter chosen on the home page before hydration is applied once it has', async ({
    page,
  }) => {
    const release = await openShell(page, '/')
    await page.getByLabel('Sort by').selectOption('rating')
    release()
    await expect(page).toHaveURL(/sort=rating/)
    await expect(page.getByLabel('Sort by')).toHaveValue('rating')
  })

  test('a link followed while the page is still hydrating opens its page', async ({ page }) => {
    // A slow phone's CPU widens the moment between the bar's hydration and the page's.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
    const release = await openShell(page, '/')
    release()
    await expect.poll(() => page.evaluate(() => '$_TSR' in window)).toBe(false)
    await mainNav(page).getByRole('link', { name: 'Search' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Search Movies' })).toBeVisible()
    await expect(page).toHaveTitle(/^Search/)
  })

  test('links work as soon as the page has hydrated, without loading another document', async ({
    page,
  }) => {
    await hydrate(page, '/')
    const documents: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url())
    })
    await mainNav(page).getByRole('link', { name: 'Search' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Search Movies' })).toBeVisible()
    expect(documents).toEqual([])
  })
})
