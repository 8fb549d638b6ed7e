import type { Page } from '@playwright/test'
import { firstOf, popularGrid } from './support/app'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { openShell } from './support/shell'
import { db } from './support/tmdb'

/**
 * Under `npm start`, once the server holds the home page's films, it draws them into the page
 * (src/features/movies/home-view-markup.tsx): they paint before any of the app's code has run,
 * and the app, as it mounts, draws the same cards in the same place.
 */

declare global {
  interface Window {
    /** Times the grid had no poster while the app replaced the server's view. */
    posterGaps?: number
  }
}

const lead = firstOf(db.discover(1).results)

/** Fills the server's cache with the home page's films, as any earlier visitor would. */
async function visitHomeOnce(page: Page) {
  const earlier = await page.context().newPage()
  await earlier.goto('/')
  await expect(popularGrid(earlier).getByRole('article')).toHaveCount(20)
  await earlier.close()
}

/** The server's home view, with the app's code held back; returns the release. */
async function openHomeView(page: Page) {
  await visitHomeOnce(page)
  const release = await openShell(page, '/')
  const poster = page.getByRole('img', { name: lead.title })
  await expect(poster).toBeVisible()
  await expect
    .poll(() => poster.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0)
  await expect(page.locator('[data-home-shell]').getByRole('article')).toHaveCount(20)
  return { release, poster }
}

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 412, height: 823 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport })

    test('the films paint before the app runs, and the app takes over without moving or dropping them', async ({
      page,
    }) => {
      const { release, poster } = await openHomeView(page)
      const painted = await poster.boundingBox()
      // Counted after every change to the page: a moment with no poster in the grid would be
      // a blink between the server's view and the app's (no frame is painted in between).
      await page.evaluate(() => {
        const root = document.getElementById('root')
        if (!root) throw new Error('no #root')
        window.posterGaps = 0
        new MutationObserver(() => {
          if (!root.querySelector('article img')) window.posterGaps = (window.posterGaps ?? 0) + 1
        }).observe(root, { childList: true, subtree: true })
      })

      release()
      await expect(page.locator('[data-home-shell]')).toHaveCount(0)
      await expect(popularGrid(page).getByRole('article')).toHaveCount(20)
      expect(await poster.boundingBox()).toEqual(painted)
      expect(await page.evaluate(() => window.posterGaps)).toBe(0)
    })
  })
}

test('the server’s view has no accessibility violations, in either theme', async ({ page }) => {
  const { release } = await openHomeView(page)
  await expectNoAxeViolations(page, 'the server’s home view, dark theme')
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'light'
  })
  await expectNoAxeViolations(page, 'the server’s home view, light theme')
  release()
})
