import type { Page } from '@playwright/test'
import { THEME_KEY } from '../../src/features/theme/theme-store'
import { mainNav, popularGrid, toast } from './support/app'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { favoriteOf } from './support/storage'
import { db } from './support/tmdb'

const user = { name: 'Lena', email: 'lena@example.com', password: 'Lena-pass1' }
const themeEntry = (theme: 'light' | 'dark') => ({ [THEME_KEY]: JSON.stringify(theme) })
const rootColors = (page: Page) =>
  page.evaluate(() => {
    const style = getComputedStyle(document.documentElement)
    return { scheme: style.colorScheme, background: style.backgroundColor }
  })
const LIGHT_BACKGROUND = /^(oklch\(0\.984 |rgb\(248, 250, 252\))/
const DARK_BACKGROUND = /^(oklch\(0\.129 |rgb\(2, 6, 23\))/

test.describe('on a dark system', () => {
  test.use({ colorScheme: 'dark' })

  test.describe('with Light saved', () => {
    test.use({ storage: themeEntry('light') })

    test('a saved Light theme is the first paint: no flash of dark', async ({ page }) => {
      // Only the page and its theme file: the app's code never arrives, so what shows is the
      // static shell as first painted.
      await page.route('**/assets/**', (route) => route.abort())
      await page.goto('/')
      expect(await rootColors(page)).toMatchObject({
        scheme: 'light',
        background: expect.stringMatching(LIGHT_BACKGROUND),
      })
      await test.info().attach('first paint, light theme on a dark system', {
        body: await page.screenshot(),
        contentType: 'image/png',
      })
    })
  })

  test.describe('signed in', () => {
    test.use({ signedIn: user })

    test('System follows the dark setting; the choice in the menu switches and persists', async ({
      page,
    }) => {
      // Two scans of a home page of 20 cards: slow on a busy machine.
      test.setTimeout(60_000)
      await page.goto('/')
      await expect(popularGrid(page).getByRole('article').first()).toBeVisible()
      expect((await rootColors(page)).scheme).toBe('dark')
      await expectNoAxeViolations(page, 'home, dark theme')

      await mainNav(page).getByRole('combobox', { name: 'Theme' }).selectOption('Light')
      expect(await rootColors(page)).toMatchObject({
        scheme: 'light',
        background: expect.stringMatching(LIGHT_BACKGROUND),
      })
      // Toasts follow the theme.
      await popularGrid(page).getByRole('button', { name: 'Add to Watchlist' }).first().click()
      await expect(toast(page, 'Added to watchlist')).toBeVisible()
      await expect(page.locator('[data-sonner-toaster]')).toHaveAttribute(
        'data-sonner-theme',
        'light',
      )
      await expectNoAxeViolations(page, 'home, light theme, with a toast')

      await page.reload()
      await expect(mainNav(page).getByRole('combobox', { name: 'Theme' })).toHaveValue('light')
      expect((await rootColors(page)).scheme).toBe('light')
    })
  })
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, colorScheme: 'light' })

  test('the theme control sits in the menu', async ({ page }) => {
    await page.goto('/')
    expect((await rootColors(page)).scheme).toBe('light')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await mainNav(page).getByRole('combobox', { name: 'Theme' }).selectOption('Dark')
    expect(await rootColors(page)).toMatchObject({
      scheme: 'dark',
      background: expect.stringMatching(DARK_BACKGROUND),
    })
  })
})

const movies = db.movies.slice(0, 6).map(favoriteOf)
const first = movies[0]
if (!first) throw new Error('empty catalog')

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({
      storage: themeEntry(theme),
      signedIn: user,
      lists: { favorites: movies, watchlist: movies, seen: movies },
    })

    test(`the list pages, detail and search have no axe violation in the ${theme} theme`, async ({
      page,
    }) => {
      test.setTimeout(60_000)
      const pages: [string, string][] = [
        ['/favorites?sort=title', 'My Favorites'],
        ['/watchlist', 'My Watchlist'],
        ['/seen?filter=zzzz', 'Seen'],
        [`/movie/${String(first.id)}`, first.title],
        ['/search?q=star', 'Search Movies'],
      ]
      for (const [path, heading] of pages) {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
        expect((await rootColors(page)).scheme).toBe(theme)
        await expectNoAxeViolations(page, `${path}, ${theme} theme`)
      }
    })
  })
}
