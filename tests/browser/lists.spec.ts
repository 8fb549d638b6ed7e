import type { Page } from '@playwright/test'
import { CURRENT_USER_KEY } from '../../src/lib/session/session-store'
import { listEntryOf, mergedSearch } from '../expected'
import { expectedSearch, firstOf, mainNav, popularGrid, searchResults, toast } from './support/app'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { listKey, readStored, type ListKind } from './support/storage'
import { db } from './support/tmdb'

const user = { name: 'Lena', email: 'Lena@Example.com', password: 'Lena-pass1' }
const storedIds = async (page: Page, list: ListKind) => {
  // The signed-in e-mail: with accounts on the server, the test's own (support/fixtures.ts).
  const { email } = (await readStored(page, CURRENT_USER_KEY)) as { email: string }
  const stored = (await readStored(page, listKey(list, email))) as
    { movies: { id: number }[] } | undefined
  return stored?.movies.map((movie) => movie.id) ?? []
}
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name })

test.use({ signedIn: user })

test.describe('signed in', () => {
  test('a card’s toggles fill the watchlist and seen list, shown on their pages', async ({
    page,
  }) => {
    await page.goto('/')
    const movie = firstOf(db.discover(1).results)
    const card = popularGrid(page).getByRole('article').first()
    await card.getByRole('button', { name: 'Add to Watchlist', exact: true }).click()
    await expect(toast(page, 'Added to watchlist')).toBeVisible()
    await expect(card.getByRole('button', { name: 'On Watchlist', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await card.getByRole('button', { name: 'Mark as seen', exact: true }).click()
    await expect(toast(page, 'Marked as seen')).toBeVisible()
    expect(await storedIds(page, 'watchlist')).toEqual([movie.id])
    expect(await storedIds(page, 'seen')).toEqual([movie.id])

    await mainNav(page).getByRole('link', { name: 'Watchlist', exact: true }).click()
    await expect(heading(page, 'My Watchlist')).toBeFocused()
    await expect(page).toHaveTitle('My Watchlist · CineList')
    const listed = page.getByRole('main').getByRole('listitem')
    await expect(listed.getByRole('heading', { level: 2 })).toHaveText([movie.title])
    await expect(listed.getByRole('button', { name: 'Seen', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expectNoAxeViolations(page, 'the watchlist with one movie')

    await mainNav(page).getByRole('link', { name: 'Seen', exact: true }).click()
    await expect(heading(page, 'Seen')).toBeFocused()
    await page.getByRole('main').getByRole('button', { name: 'Seen', exact: true }).click()
    await expect(toast(page, 'Marked as not seen')).toBeVisible()
    await expect(page.getByText('No movies marked as seen yet.')).toBeVisible()
  })

  test('the detail page’s toggles follow another tab', async ({ page, otherTab: other }) => {
    const movie = firstOf(db.movies)
    await page.goto(`/movie/${movie.id}`)
    await expect(heading(page, movie.title)).toBeVisible()
    await other.goto(`/movie/${movie.id}`)
    // The page's own toggles come first, before those of "More like this".
    await other.getByRole('button', { name: 'Add to Watchlist', exact: true }).first().click()
    await expect(toast(other, 'Added to watchlist')).toBeVisible()
    await expect(
      page.getByRole('button', { name: 'On Watchlist', exact: true }).first(),
    ).toHaveAttribute('aria-pressed', 'true')
  })
})

test.describe('forty films seen', () => {
  const movies = db.movies.slice(0, 40)
  test.use({ lists: { seen: movies.map((movie) => listEntryOf(movie)) } })

  test('sort and filter live in the URL and survive a reload', async ({ page }) => {
    const target = firstOf(movies.slice(5))
    await page.goto(`/seen?sort=rating&filter=${encodeURIComponent(target.title)}`)
    await expect(page.getByLabel('Sort by')).toHaveValue('rating')
    await expect(page.getByRole('searchbox', { name: 'Filter' })).toHaveValue(target.title)
    const titles = page.getByRole('main').getByRole('listitem').getByRole('heading')
    await expect(titles.first()).toHaveText(target.title)
    await expect(page.getByRole('status').filter({ hasText: / movies$/ })).toHaveText(
      /^\d+ of 40 movies$/,
    )

    await page.getByRole('searchbox', { name: 'Filter' }).fill('')
    await page.getByLabel('Sort by').selectOption('Title')
    await expect(page).toHaveURL('/seen?sort=title')
    await page.reload()
    const byTitle = [...movies].sort((a, b) =>
      a.title.localeCompare(b.title, 'en', { sensitivity: 'base', numeric: true }),
    )
    await expect(titles.first()).toHaveText(firstOf(byTitle).title)
    await expect(page.getByRole('status').filter({ hasText: / movies$/ })).toHaveText(
      '40 of 40 movies',
    )
    await expectNoAxeViolations(page, 'the seen list with its tools')
  })
})

test.describe('hide seen', () => {
  const popular = db.discover(1).results
  test.use({ lists: { seen: popular.slice(0, 2).map((movie) => listEntryOf(movie)) } })

  test('on Home and Search it leaves the seen out, and is remembered after a reload', async ({
    page,
  }) => {
    await page.goto('/')
    const titles = popularGrid(page).getByRole('heading', { level: 3 })
    await expect(titles).toHaveCount(popular.length)
    await page.getByRole('checkbox', { name: 'Hide seen' }).check()
    await expect(titles).toHaveText(popular.slice(2).map((movie) => movie.title))

    await page.reload()
    await expect(page.getByRole('checkbox', { name: 'Hide seen' })).toBeChecked()
    await expect(titles).toHaveText(popular.slice(2).map((movie) => movie.title))
    await expectNoAxeViolations(page, 'home with hide seen')

    const term = 'star'
    const found = expectedSearch(term).movies
    await page.goto(`/search?q=${term}`)
    await expect(page.getByRole('checkbox', { name: 'Hide seen' })).toBeChecked()
    await expect(searchResults(page, term).getByRole('link')).toHaveText(
      found.map((movie) => movie.title),
    )
    // Mark the first result as seen from its detail page: the search no longer shows it.
    const first = firstOf(found)
    await page.goto(`/movie/${first.id}`)
    await page.getByRole('button', { name: 'Mark as seen', exact: true }).first().click()
    await expect(toast(page, 'Marked as seen')).toBeVisible()
    await page.goBack()
    await expect(searchResults(page, term).getByRole('link').first()).not.toHaveText(first.title)
    await expect(searchResults(page, term).getByRole('link')).toHaveCount(
      Math.min(10, mergedSearch(db, term).movies.length - 1),
    )
  })
})
