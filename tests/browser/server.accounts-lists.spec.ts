import type { BrowserContext, Page } from '@playwright/test'
import { listedTitles, mainNav, popularGrid, switchColorScheme } from './support/app'
import { expectNoAxeViolations } from './support/axe'
import { expect, test, testsOwn } from './support/fixtures'
import type { Account } from './support/storage'
import { db } from './support/tmdb'

/**
 * Lists of one's own under `npm start` (issue 35): made, filled and ordered on one device, seen
 * on another within seconds, shared by a link anyone opens, and that link ended.
 */

test.use({ serverAccounts: true })

const person: Account = { name: 'Lister', email: 'lister@example.com', password: 'Sunny-day7' }
const films = db.discover(1).results.slice(0, 3)
const [first, second, third] = films
if (!first || !second || !third) throw new Error('empty catalog')

type NewContext = (preset?: { signedIn?: Account }) => Promise<BrowserContext>

async function device(newContext: NewContext, path = '/') {
  const context = await newContext({ signedIn: person })
  const page = await context.newPage()
  await page.goto(path)
  const syncKey = `list-sync:${testsOwn(person).email.toLowerCase()}`
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key) !== null, syncKey))
    .toBe(true)
  return { context, page }
}

const cardOf = (page: Page, title: string) =>
  popularGrid(page)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: title }) })

async function addToNewList(page: Page, title: string, listName: string) {
  await cardOf(page, title).getByRole('button', { name: 'Add to list…' }).click()
  const dialog = page.getByRole('dialog', { name: `Add “${title}” to a list` })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'New list…' }).click()
  await dialog.getByLabel('Name').fill(listName)
  await dialog.getByRole('button', { name: 'Create list' }).click()
  await expect(dialog.getByRole('checkbox', { name: listName })).toBeChecked()
  return dialog
}

async function addToList(page: Page, title: string, listName: string) {
  await cardOf(page, title).getByRole('button', { name: 'Add to list…' }).click()
  const dialog = page.getByRole('dialog', { name: `Add “${title}” to a list` })
  await dialog.getByRole('checkbox', { name: listName }).check()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(cardOf(page, title).getByRole('button', { name: 'Add to list…' })).toBeFocused()
}

test('a list made on one device, filled and reordered, shows on the other within seconds', async ({
  newContext,
}) => {
  const laptop = await device(newContext, '/lists')
  await expect(laptop.page.getByRole('heading', { level: 1, name: 'My Lists' })).toBeVisible()
  const phone = await device(newContext)

  const dialog = await addToNewList(phone.page, first.title, 'Halloween')
  await expectNoAxeViolations(phone.page, 'the Add to list dialog')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await addToList(phone.page, second.title, 'Halloween')
  await addToList(phone.page, third.title, 'Halloween')

  // No focus, no reload: the server's push brings it.
  const laptopList = laptop.page.getByRole('link', { name: 'Halloween' })
  await expect(laptopList).toBeVisible({ timeout: 5000 })
  await expect(laptop.page.getByText('3 movies')).toBeVisible({ timeout: 5000 })

  await mainNav(phone.page).getByRole('link', { name: 'Lists', exact: true }).click()
  await phone.page.getByRole('link', { name: 'Halloween' }).click()
  await expect(phone.page.getByRole('heading', { level: 1, name: 'Halloween' })).toBeVisible()
  await expect(listedTitles(phone.page)).toHaveText([first.title, second.title, third.title])
  const moveDown = phone.page
    .getByRole('listitem')
    .filter({ hasText: first.title })
    .getByRole('button', { name: 'Move down' })
  await moveDown.click()
  await expect(moveDown).toBeFocused()
  await expect(phone.page.getByRole('status').filter({ hasText: 'moved to' })).toHaveText(
    `${first.title} moved to position 2 of 3`,
  )
  await expect(listedTitles(phone.page)).toHaveText([second.title, first.title, third.title])

  await laptopList.click()
  await expect(listedTitles(laptop.page)).toHaveText([second.title, first.title, third.title], {
    timeout: 5000,
  })
  for (const theme of ['dark', 'light'] as const) {
    await switchColorScheme(laptop.page, theme)
    await expectNoAxeViolations(laptop.page, `a list of one's own, ${theme} theme`)
  }
})

test('a name already taken or empty is refused at the field, and a deleted list comes back with Undo', async ({
  newContext,
}) => {
  const { page } = await device(newContext, '/lists')
  await page.getByRole('button', { name: 'New list' }).click()
  await page.getByLabel('Name').fill('  ')
  await page.getByRole('button', { name: 'Create list' }).click()
  await expect(page.getByRole('alert')).toHaveText('Enter a name for the list.')
  await expect(page.getByLabel('Name')).toBeFocused()
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true')
  await page.getByLabel('Name').fill('<b>Best</b> of 2024')
  await page.getByRole('button', { name: 'Create list' }).click()
  await expect(page.getByRole('heading', { level: 1, name: '<b>Best</b> of 2024' })).toBeVisible()

  await mainNav(page).getByRole('link', { name: 'Lists', exact: true }).click()
  await page.getByRole('button', { name: 'New list' }).click()
  await page.getByLabel('Name').fill('<B>BEST</B> OF 2024')
  await page.getByRole('button', { name: 'Create list' }).click()
  await expect(page.getByRole('alert')).toHaveText('You already have a list with this name.')
  await expectNoAxeViolations(page, 'the new list form with its error')

  await page.getByRole('button', { name: 'Cancel' }).click()
  await page.getByRole('link', { name: '<b>Best</b> of 2024' }).click()
  await page.getByRole('button', { name: 'Delete list' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'My Lists' })).toBeVisible()
  await expect(page.getByRole('link', { name: '<b>Best</b> of 2024' })).toBeHidden()
  await page
    .locator('[data-sonner-toast]')
    .filter({ hasText: 'Deleted “<b>Best</b> of 2024”' })
    .getByRole('button', { name: 'Undo' })
    .click()
  await expect(page.getByRole('link', { name: '<b>Best</b> of 2024' })).toBeVisible()
})

test('a shared list opens for anyone, with its preview, and stops at once when sharing ends', async ({
  newContext,
}) => {
  const { page } = await device(newContext)
  const dialog = await addToNewList(page, first.title, 'Shared picks')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await addToList(page, second.title, 'Shared picks')
  await mainNav(page).getByRole('link', { name: 'Lists', exact: true }).click()
  await page.getByRole('link', { name: 'Shared picks' }).click()

  await page.getByRole('button', { name: 'Share', exact: true }).click()
  const link = page.getByLabel('Link to this list')
  await expect(link).toHaveValue(/\/l\/[A-Za-z0-9_-]{43}$/)
  const url = await link.inputValue()
  await expectNoAxeViolations(page, 'a list shared by a link')

  const stranger = await newContext()
  const visitor = await stranger.newPage()
  const served = await visitor.request.get(url)
  expect(served.status()).toBe(200)
  const html = await served.text()
  expect(html).toContain('<title>Shared picks')
  expect(html).toMatch(/<meta property="og:title" content="Shared picks"/)
  expect(html).toMatch(/<meta name="robots" content="noindex"/)
  expect(html).not.toContain(testsOwn(person).email)

  await visitor.goto(url)
  await expect(visitor.getByRole('heading', { level: 1, name: 'Shared picks' })).toBeVisible()
  await expect(visitor.getByText(`A list by ${person.name}`)).toBeVisible()
  await expect(
    visitor.getByRole('main').getByRole('listitem').getByRole('link', { name: first.title }),
  ).toBeVisible()
  for (const theme of ['dark', 'light'] as const) {
    await switchColorScheme(visitor, theme)
    await expectNoAxeViolations(visitor, `a shared list, ${theme} theme`)
  }

  await page.getByRole('button', { name: 'Stop sharing' }).click()
  await expect(page.getByRole('button', { name: 'Share', exact: true })).toBeVisible()
  const ended = await visitor.request.get(url)
  expect(ended.status()).toBe(404)
  await visitor.reload()
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('404')
  await expect(visitor).toHaveTitle(/Page not found/)
})

test('the watchlist is shared the same way, and a signed-in visitor copies it to their own lists', async ({
  newContext,
}) => {
  const { page } = await device(newContext)
  await cardOf(page, third.title)
    .getByRole('button', { name: 'Add to Watchlist', exact: true })
    .click()
  await mainNav(page).getByRole('link', { name: 'Watchlist', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'My Watchlist' })).toBeVisible()
  await page.getByRole('button', { name: 'Share', exact: true }).click()
  const url = await page.getByLabel('Link to this list').inputValue()
  expect(url).toMatch(/\/l\/[A-Za-z0-9_-]{43}$/)

  const friend: Account = { name: 'Friend', email: 'friend@example.com', password: 'Sunny-day8' }
  const theirs = await newContext({ signedIn: friend })
  const visitor = await theirs.newPage()
  await visitor.goto(url)
  // A page from newContext is not the fixture's: wait for its code as that does.
  await visitor.waitForFunction(() => !('$_TSR' in window))
  await expect(visitor.getByText(`A list by ${person.name}`)).toBeVisible()
  await expect(
    visitor.getByRole('main').getByRole('listitem').getByRole('link', { name: third.title }),
  ).toBeVisible()
  await visitor.getByRole('button', { name: 'Copy to my lists' }).click()
  await expect(visitor.getByText(/^Copied to your lists as “.+”$/)).toBeVisible()
  await mainNav(visitor).getByRole('link', { name: 'Lists', exact: true }).click()
  await expect(visitor.getByRole('heading', { level: 1, name: 'My Lists' })).toBeVisible()
  await expect(visitor.getByRole('main').getByRole('link', { name: /Watchlist/ })).toBeVisible()
})

test('two devices reorder one list, one of them offline, and end in one order both show', async ({
  newContext,
}) => {
  const phone = await device(newContext)
  const dialog = await addToNewList(phone.page, first.title, 'Road trip')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await addToList(phone.page, second.title, 'Road trip')
  await addToList(phone.page, third.title, 'Road trip')
  await mainNav(phone.page).getByRole('link', { name: 'Lists', exact: true }).click()
  await phone.page.getByRole('link', { name: 'Road trip' }).click()
  const laptop = await device(newContext, phone.page.url())
  await expect(listedTitles(laptop.page)).toHaveText([first.title, second.title, third.title])

  const move = (page: Page, title: string, name: 'Move up' | 'Move down') =>
    page.getByRole('listitem').filter({ hasText: title }).getByRole('button', { name }).click()
  await phone.context.setOffline(true)
  await move(phone.page, third.title, 'Move up')
  await move(phone.page, third.title, 'Move up')
  await expect(listedTitles(phone.page)).toHaveText([third.title, first.title, second.title])
  await move(laptop.page, first.title, 'Move down')
  await expect(listedTitles(laptop.page)).toHaveText([second.title, first.title, third.title])

  // Each device's move of its own film stands: the phone's third first, the laptop's first after second.
  await phone.context.setOffline(false)
  const merged = [third.title, second.title, first.title]
  await expect(listedTitles(phone.page)).toHaveText(merged, { timeout: 10_000 })
  await expect(listedTitles(laptop.page)).toHaveText(merged, { timeout: 10_000 })
})
