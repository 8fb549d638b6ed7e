import type { Page } from '@playwright/test'

/**
 * Opens `path` with the app's entry script held back, so the page shows what the HTML and
 * public/theme.js paint alone; returns the release.
 */
export async function openShell(page: Page, path: string): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released
    await route.continue()
  })
  await page.goto(path, { waitUntil: 'commit' })
  await page.locator('#root main').waitFor()
  return release
}
