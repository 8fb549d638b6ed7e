import { popularGrid } from './support/app'
import { expect, test } from './support/fixtures'
import { offlineNotice, workerScripts } from './support/pwa'

/**
 * The static demo: its mock TMDB is a service worker on the app's scope, so the app registers
 * none of its own there (docs/architecture.md, "Installing and offline use").
 */
test('the static demo keeps only its mock worker, and still says when it is offline', async ({
  page,
  context,
}) => {
  await page.goto('/')
  await expect(popularGrid(page).getByRole('article')).toHaveCount(20)
  // The app's notices are in: past the point where the app's worker would be registered.
  await expect(page.getByRole('complementary', { name: 'App status' })).toBeAttached()
  expect(await workerScripts(page)).toEqual(['/mockServiceWorker.js'])
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.webmanifest',
  )

  await context.setOffline(true)
  await expect(offlineNotice(page)).toBeVisible()
  await context.setOffline(false)
  await expect(offlineNotice(page)).toHaveCount(0)
  expect(await workerScripts(page)).toEqual(['/mockServiceWorker.js'])
})
