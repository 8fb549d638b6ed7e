import { mainNav, popularGrid, toast } from './support/app'
import { expect, test } from './support/fixtures'
import { favoriteOf, listKey, listValue, readStorage } from './support/storage'
import { db } from './support/tmdb'

const alice = { name: 'Alice', email: 'alice@example.com', password: 'Secret1!' }
const saved = db.discover(1).results.slice(5, 7).map(favoriteOf)

test.describe('a full storage', () => {
  test.use({ signedIn: alice, lists: { favorites: saved }, storageFault: 'full' })

  test('adding a favorite explains the failure and keeps the saved list', async ({ page }) => {
    await page.goto('/')
    await popularGrid(page).getByRole('button', { name: 'Add to Favorites' }).first().click()
    await expect(
      toast(page, 'Your favorites could not be saved: browser storage is full or turned off.'),
    ).toBeVisible()

    await mainNav(page).getByRole('link', { name: 'Favorites' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'My Favorites' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Remove' })).toHaveCount(saved.length)
    expect((await readStorage(page))[listKey('favorites', alice.email)]).toBe(listValue(saved))
  })
})

test.describe('storage that throws on access', () => {
  test.use({ storageFault: 'disabled' })

  test('the app browses and says why an account cannot be saved', async ({ page }) => {
    await page.goto('/')
    await expect(popularGrid(page).getByRole('article')).toHaveCount(20)
    await popularGrid(page).getByRole('button', { name: 'Add to Favorites' }).first().click()
    await expect(toast(page, 'Please login first')).toBeVisible()

    await page.goto('/register')
    await page.getByLabel('Name').fill(alice.name)
    await page.getByLabel('Email').fill(alice.email)
    await page.getByLabel('Password', { exact: true }).fill(alice.password)
    await page.getByRole('button', { name: 'Register' }).click()
    await expect(
      toast(page, 'Your account could not be saved: browser storage is full or turned off.'),
    ).toBeVisible({ timeout: 15_000 })
    await expect(page).toHaveURL(/\/register$/)

    await mainNav(page).getByRole('link', { name: 'Search' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Search Movies' })).toBeVisible()
  })
})
