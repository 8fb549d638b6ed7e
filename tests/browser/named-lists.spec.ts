import { readFile } from 'node:fs/promises'
import { listedTitles, mainNav, switchColorScheme } from './support/app'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { db } from './support/tmdb'

/**
 * Lists of one's own on a static host (issue 35): kept in the browser, filled from a movie's and a
 * person's page, ranked, reordered by keyboard and by drag, and deleted with Undo. With accounts
 * on a server, tests/browser/server.accounts-lists.spec.ts follows them across devices.
 */

const user = { name: 'Lister', email: 'lister@example.com', password: 'Sunny-day7' }
test.use({ signedIn: user })

const spielberg = db.movies.filter((movie) => movie.director === 'Steven Spielberg').slice(0, 3)
const [first, second, third] = spielberg
if (!first || !second || !third) throw new Error('too few Spielberg films in the catalog')

test('a list filled from a movie page and a person page, ranked, reordered and kept after a reload', async ({
  page,
}) => {
  await page.goto(`/movie/${String(first.id)}`)
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible()
  const opener = page.getByRole('button', { name: 'Add to list…' }).first()
  await opener.click()
  const dialog = page.getByRole('dialog', { name: `Add “${first.title}” to a list` })
  await dialog.getByRole('button', { name: 'New list…' }).click()
  await dialog.getByLabel('Name').fill('Spielberg, ranked')
  await dialog.getByRole('button', { name: 'Create list' }).click()
  await expect(dialog.getByRole('checkbox', { name: 'Spielberg, ranked' })).toBeChecked()
  await expectNoAxeViolations(page, 'the Add to list dialog on a movie page')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()

  await page.getByRole('link', { name: 'Steven Spielberg' }).first().click()
  const directing = page.getByRole('region', { name: 'Directing' })
  for (const film of [second, third]) {
    const row = directing.getByRole('listitem').filter({
      has: page.getByRole('link', { name: film.title, exact: true }),
    })
    await row.getByRole('button', { name: 'Add to list…' }).click()
    const add = page.getByRole('dialog', { name: `Add “${film.title}” to a list` })
    await add.getByRole('checkbox', { name: 'Spielberg, ranked' }).check()
    await page.keyboard.press('Escape')
    await expect(add).toBeHidden()
  }

  await mainNav(page).getByRole('link', { name: 'Lists', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'My Lists' })).toBeVisible()
  await expect(mainNav(page).getByRole('link', { name: 'Lists', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await expect(page.getByText('3 movies')).toBeVisible()
  await page.getByRole('link', { name: 'Spielberg, ranked' }).click()
  await expect(page).toHaveTitle('Spielberg, ranked · CineList')
  await expect(listedTitles(page)).toHaveText([first.title, second.title, third.title])
  // Sharing needs accounts on a server: a static host offers none.
  await expect(page.getByRole('button', { name: 'Share', exact: true })).toHaveCount(0)

  await page.getByRole('button', { name: 'Edit list' }).click()
  await page.getByLabel('Ranked list').check()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('button', { name: 'Edit list' })).toBeFocused()
  await expect(page.getByRole('main').getByText(/^No\. \d$/)).toHaveText([
    'No. 1',
    'No. 2',
    'No. 3',
  ])

  // By keyboard: the third film up one place, announced.
  const moveUp = page
    .getByRole('listitem')
    .filter({ hasText: third.title })
    .getByRole('button', { name: 'Move up' })
  await moveUp.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'moved to' })).toHaveText(
    `${third.title} moved to position 2 of 3`,
  )
  await expect(listedTitles(page)).toHaveText([first.title, third.title, second.title])

  // By drag: the last card dropped on the first.
  const cards = page.getByRole('main').getByRole('listitem')
  await cards.filter({ hasText: second.title }).dragTo(cards.filter({ hasText: first.title }))
  await expect(listedTitles(page)).toHaveText([second.title, first.title, third.title])

  for (const theme of ['dark', 'light'] as const) {
    await switchColorScheme(page, theme)
    await expectNoAxeViolations(page, `a ranked list of one's own, ${theme} theme`)
  }

  await page.reload()
  await expect(listedTitles(page)).toHaveText([second.title, first.title, third.title])
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export JSON' }).click(),
  ])
  expect(json.suggestedFilename()).toMatch(
    /^cinelist-list-spielberg-ranked-\d{4}-\d{2}-\d{2}\.json$/,
  )
  expect(JSON.parse(await readFile(await json.path(), 'utf8'))).toMatchObject({
    list: 'named',
    name: 'Spielberg, ranked',
    ranked: true,
    movies: [second, first, third].map((film, index) => ({ position: index + 1, id: film.id })),
  })

  await page.getByRole('button', { name: 'Delete list' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'My Lists' })).toBeVisible()
  await page
    .locator('[data-sonner-toast]')
    .filter({ hasText: 'Deleted “Spielberg, ranked”' })
    .getByRole('button', { name: 'Undo' })
    .click()
  await page.getByRole('link', { name: 'Spielberg, ranked' }).click()
  await expect(listedTitles(page)).toHaveText([second.title, first.title, third.title])
})

test.describe('signed out', () => {
  test.use({ signedIn: null })

  test('/lists asks to log in first, as the other lists do', async ({ page }) => {
    await page.goto('/lists')
    await expect(page).toHaveURL(/\/login/)
    await expect(mainNav(page).getByRole('link', { name: 'Lists', exact: true })).toHaveCount(0)
  })
})
