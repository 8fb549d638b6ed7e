import { expect, test } from '@playwright/test'
import {
  currentUserValue,
  disableStorage,
  favoritesKey,
  favoritesValue,
  mainNav,
  popularGrid,
  readStorage,
  seedStorage,
  toast,
} from './support/app'
import { db, routeTmdb } from './support/tmdb'

const alice = { name: 'Alice', email: 'alice@example.com' }
const saved = db.discover(1).results.slice(5, 7)

test('a full storage: adding a favorite explains the failure and keeps the saved list', async ({
  context,
  page,
}) => {
  await seedStorage(context, {
    currentUser: currentUserValue(alice),
    [favoritesKey(alice.email)]: favoritesValue(saved),
  })
  // From now on every write is refused, as a full localStorage does.
  await context.addInitScript(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    }
  })
  const errors: Error[] = []
  page.on('pageerror', (error) => errors.push(error))
  await routeTmdb(page)

  await page.goto('/')
  await popularGrid(page).getByRole('button', { name: 'Add to Favorites' }).first().click()
  await expect(
    toast(page, 'Your favorites could not be saved: browser storage is full or turned off.'),
  ).toBeVisible()

  await mainNav(page).getByRole('link', { name: 'Favorites' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'My Favorites' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Remove' })).toHaveCount(saved.length)
  expect(JSON.parse((await readStorage(page))[favoritesKey(alice.email)] ?? 'null')).toEqual(
    JSON.parse(favoritesValue(saved)),
  )
  expect(errors).toEqual([])
})

test('storage that throws on access: the app browses and says why an account cannot be saved', async ({
  context,
  page,
}) => {
  await disableStorage(context)
  const errors: Error[] = []
  page.on('pageerror', (error) => errors.push(error))
  await routeTmdb(page)

  await page.goto('/')
  await expect(popularGrid(page).getByRole('article')).toHaveCount(20)
  await popularGrid(page).getByRole('button', { name: 'Add to Favorites' }).first().click()
  await expect(toast(page, 'Please login first')).toBeVisible()

  await page.goto('/register')
  await page.getByLabel('Name').fill('Alice')
  await page.getByLabel('Email').fill(alice.email)
  await page.getByLabel('Password', { exact: true }).fill('Secret1!')
  await page.getByRole('button', { name: 'Register' }).click()
  await expect(
    toast(page, 'Your account could not be saved: browser storage is full or turned off.'),
  ).toBeVisible({ timeout: 15_000 })
  await expect(page).toHaveURL(/\/register$/)

  await mainNav(page).getByRole('link', { name: 'Search' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Search Movies' })).toBeVisible()
  expect(errors).toEqual([])
})
