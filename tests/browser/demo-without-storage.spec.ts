import { expect, test } from '@playwright/test'
import { mainNav } from './support/app'

test('the demo build still starts, navigable, when storage throws on access', async ({
  context,
  page,
}) => {
  await context.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('Access is denied for this document.', 'SecurityError')
      },
    })
  })
  const errors: Error[] = []
  page.on('pageerror', (error) => errors.push(error))
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'CineList' })).toBeVisible()
  await mainNav(page).getByRole('link', { name: 'Search' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Search Movies' })).toBeVisible()
  expect(errors).toEqual([])
})
