import type { Page } from '@playwright/test'
import { pagination, postersLoaded, searchResults } from './support/app'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { db } from './support/tmdb'

/** The home grid's section, whatever its heading says. */
const grid = (page: Page) => page.locator('section[aria-labelledby="popular-heading"]')
const cardTitles = (page: Page) =>
  grid(page).getByRole('article').getByRole('heading', { level: 3 })
const select = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true })

const DRAMA_1994_BY_RATING = {
  withGenres: '18',
  primaryReleaseYear: 1994,
  sortBy: 'vote_average.desc',
  voteCountGte: 200,
}

test('dramas from 1994 by rating: filter, page, Back, clear', async ({ page }) => {
  await page.goto('/')
  await expect(grid(page).getByRole('heading', { name: 'Popular Movies' })).toBeVisible()

  await select(page, 'Genre').selectOption({ label: 'Drama' })
  await expect(page).toHaveURL(/\/\?genre=18$/)
  await select(page, 'Year').selectOption('1994')
  await select(page, 'Sort by').selectOption({ label: 'Rating' })
  await expect(page).toHaveURL(/\/\?genre=18&year=1994&sort=rating$/)
  await expect(grid(page).getByRole('heading', { level: 2 })).toHaveText('Drama · 1994 · by rating')
  await expect(page).toHaveTitle('Drama · 1994 · by rating · CineList')
  await expect(page.locator('h1')).toHaveCount(1)
  const expected = db.discover(1, DRAMA_1994_BY_RATING)
  await expect(cardTitles(page)).toHaveText(expected.results.map((movie) => movie.title))
  await expect(cardTitles(page).first()).toHaveText('The Shawshank Redemption')

  // Pagination keeps the filters; this selection fits on one page.
  await expect(pagination(page).getByRole('button', { name: 'Next' })).toBeDisabled()

  await page.goBack()
  await expect(page).toHaveURL(/\/\?genre=18&year=1994$/)
  await expect(select(page, 'Sort by')).toHaveValue('popularity')
  await expect(grid(page).getByRole('heading', { level: 2 })).toHaveText('Drama · 1994')
  await page.goForward()
  await expect(select(page, 'Sort by')).toHaveValue('rating')

  // The demo offers only years it has films of; 1979 has none that is a drama.
  expect(db.discover(1, { withGenres: '18', primaryReleaseYear: 1979 }).total_results).toBe(0)
  await select(page, 'Year').selectOption('1979')
  await expect(page.getByText('No movies match these filters')).toBeVisible()
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '')
  await expect(grid(page).getByRole('heading', { level: 2 })).toHaveText('Popular Movies')
  await expect(select(page, 'Genre')).toHaveValue('')
})

test('the filters work with the keyboard alone', async ({ page }) => {
  await page.goto('/')
  await expect(grid(page).getByRole('article')).toHaveCount(20)
  const genre = select(page, 'Genre')
  await genre.focus()
  await expect(genre).toBeFocused()
  // Arrow keys change a native select's value in place; each change is a navigation.
  await page.keyboard.press('ArrowDown')
  await expect(page).toHaveURL(/\/\?genre=28$/)
  await expect(grid(page).getByRole('heading', { level: 2 })).toHaveText('Action')
  await page.keyboard.press('Tab')
  await expect(select(page, 'Year')).toBeFocused()
  await page.keyboard.press('Tab')
  const sort = select(page, 'Sort by')
  await expect(sort).toBeFocused()
  await page.keyboard.press('End')
  await expect(page).toHaveURL(/\/\?genre=28&sort=title$/)
  await expect(grid(page).getByRole('heading', { level: 2 })).toHaveText('Action · by title')
})

test('axe finds nothing on a filtered home page', async ({ page }) => {
  await page.goto('/?genre=18&year=1994&sort=rating')
  await expect(cardTitles(page)).toHaveText(
    db.discover(1, DRAMA_1994_BY_RATING).results.map((movie) => movie.title),
  )
  await postersLoaded(page)
  await expectNoAxeViolations(page, 'filtered home')
})

test('axe finds nothing on a filtered home page that matches nothing', async ({ page }) => {
  await page.goto('/?genre=99&year=1900')
  await expect(page.getByRole('button', { name: 'Clear filters' })).toBeVisible()
  await expectNoAxeViolations(page, 'filtered home, no match')
})

test('search "alien" in 1979', async ({ page }) => {
  await page.goto('/search?q=alien')
  await expect(searchResults(page, 'alien').getByRole('listitem')).not.toHaveCount(1)
  await select(page, 'Year').selectOption('1979')
  await expect(page).toHaveURL(/\/search\?q=alien&year=1979$/)
  await expect(searchResults(page, 'alien').getByRole('link')).toHaveText(['Alien'])
  await expectNoAxeViolations(page, 'search with a year')
  await page.goBack()
  await expect(select(page, 'Year')).toHaveValue('')
})
