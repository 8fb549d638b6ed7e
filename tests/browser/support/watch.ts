import { expect, type Locator, type Page } from '@playwright/test'

/**
 * What a page reported while a test ran: uncaught exceptions and the app's own console errors
 * (Chromium's "Failed to load resource" lines left out).
 */
export function watchPage(page: Page) {
  const pageErrors: string[] = []
  const consoleErrors: string[] = []
  page.on('pageerror', (error) => {
    pageErrors.push(`${error.name}: ${error.message}`)
  })
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      consoleErrors.push(message.text())
    }
  })
  return { pageErrors, consoleErrors }
}

/** The element that has focus is this one. */
export const isFocused = (locator: Locator) =>
  locator.evaluate((element) => element === document.activeElement)

/** The page's single h1 is visible with this name and has focus (moved there by the app). */
export async function expectFocusedHeading(page: Page, name: string | RegExp) {
  const heading = page.getByRole('heading', { level: 1, name })
  await expect(heading).toBeVisible()
  await expect
    .poll(() => isFocused(heading), { message: `focus on the h1 “${String(name)}”` })
    .toBe(true)
}
