import { mainNav } from './support/app'
import { expect, test } from './support/fixtures'

test.use({
  storageFault: 'disabled',
  // The demo catalog's worker needs storage: the app says so and starts without it, its TMDB
  // calls then failing as behaviour §8 describes (src/main.tsx).
  allowedConsoleErrors:
    /^(The demo catalog could not be started: SecurityError|TMDB request failed)/,
})

test('the demo build still starts, navigable, when storage throws on access', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'CineList' })).toBeVisible()
  await mainNav(page).getByRole('link', { name: 'Search' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Search Movies' })).toBeVisible()
})
