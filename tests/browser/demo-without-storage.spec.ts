import { expect, test } from '@playwright/test'
import { disableStorage, mainNav } from './support/app'

test('the demo build still starts, navigable, when storage throws on access', async ({
  context,
  page,
}) => {
  await disableStorage(context)
  const errors: Error[] = []
  page.on('pageerror', (error) => errors.push(error))
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'CineList' })).toBeVisible()
  await mainNav(page).getByRole('link', { name: 'Search' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Search Movies' })).toBeVisible()
  expect(errors).toEqual([])
})
