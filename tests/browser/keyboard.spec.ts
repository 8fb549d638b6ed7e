import type { Page } from '@playwright/test'
import {
  expectedSearch,
  firstOf,
  mainNav,
  pagination,
  popularGrid,
  searchResults,
  toast,
} from './support/app'
import { expect, test } from './support/fixtures'
import { isFocused, tabTo } from './support/focus'
import { db } from './support/tmdb'

/**
 * The whole product with the keyboard alone (Tab, Shift+Tab, Enter, Space and typing; no
 * mouse): register, log in, page the grid, add a favorite, search, open a result, remove the
 * favorite, log out. Focus stays visible and lands on each new page's h1.
 */

/** The page's single h1 is visible with this name and has focus (moved there by the app). */
async function expectFocusedHeading(page: Page, name: string | RegExp) {
  const heading = page.getByRole('heading', { level: 1, name })
  await expect(heading).toBeVisible()
  await expect
    .poll(() => isFocused(heading), { message: `focus on the h1 “${String(name)}”` })
    .toBe(true)
}

/** Presses Tab, which lands on the field of that label, and types the value. */
async function tabAndType(page: Page, label: 'Email' | 'Password', value: string) {
  await page.keyboard.press('Tab')
  await expect(page.getByLabel(label, { exact: true })).toBeFocused()
  await page.keyboard.type(value)
}

/** The focused element shows a focus indicator: an outline or a box shadow. */
async function expectVisibleFocus(page: Page) {
  const focus = await page.evaluate(() => {
    const element = document.activeElement
    if (!element || element === document.body) return null
    const style = getComputedStyle(element)
    return {
      element: `${element.tagName.toLowerCase()} “${(element.textContent || element.getAttribute('placeholder') || '').trim().slice(0, 40)}”`,
      outline:
        style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
          ? `${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`
          : null,
      boxShadow: style.boxShadow === 'none' ? null : style.boxShadow,
    }
  })
  expect(focus, 'an element has focus').not.toBeNull()
  expect(
    Boolean(focus?.outline ?? focus?.boxShadow),
    `visible focus indicator on ${JSON.stringify(focus)}`,
  ).toBe(true)
}

/** The toast is shown inside a live region, so screen readers announce it. */
async function expectAnnounced(page: Page, message: string) {
  const shown = toast(page, message)
  await expect(shown).toBeVisible()
  const region = await shown.evaluate((element) => {
    const live = element.closest(
      '[aria-live="polite"], [aria-live="assertive"], [role="status"], [role="alert"], [role="log"]',
    )
    return live && `${live.tagName.toLowerCase()} aria-live=${live.getAttribute('aria-live')}`
  })
  expect(region, `“${message}” is inside a live region`).not.toBeNull()
}

const account = { name: 'Keyboard', email: 'keys@example.com', password: 'Typed1!x' }

test('register, log in, browse, search, keep and remove a favorite, log out', async ({ page }) => {
  test.setTimeout(90_000)

  // --- Register
  await page.goto('/register')
  await expect(page.getByRole('heading', { level: 1, name: 'Register' })).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
  await expectVisibleFocus(page)
  // The toasts' live region is in the page before the first toast, so that one is announced too.
  await expect(page.locator('section[aria-label^="Notifications"]')).toHaveAttribute(
    'aria-live',
    'polite',
  )

  await tabTo(page, page.getByLabel('Name', { exact: true }))
  await expectVisibleFocus(page)
  await page.keyboard.type(account.name)
  await tabAndType(page, 'Email', account.email)
  await tabAndType(page, 'Password', account.password)
  await page.keyboard.press('Tab')
  const reveal = page.getByRole('button', { name: 'Show password' })
  await expect(reveal).toBeFocused()
  await expectVisibleFocus(page)
  await page.keyboard.press('Space')
  await expect(page.getByRole('button', { name: 'Hide password' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Register', exact: true })).toBeFocused()
  await expectVisibleFocus(page)
  await page.keyboard.press('Enter')
  await expectAnnounced(page, 'Registered successfully')
  await expect(page).toHaveURL(/\/login$/)
  await expectFocusedHeading(page, 'Login')

  // --- Log in: from the h1, the form is next.
  await tabAndType(page, 'Email', account.email)
  await tabAndType(page, 'Password', account.password)
  await page.keyboard.press('Enter')
  await expectAnnounced(page, 'Login successful')
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '')
  await expectFocusedHeading(page, 'CineList')
  await expect(page.getByText(`Welcome, ${account.name}!`)).toBeVisible()

  // --- Page 2 of the grid
  await expect(popularGrid(page).getByRole('article')).toHaveCount(20)
  const pageTwo = pagination(page).getByRole('button', { name: '2', exact: true })
  await tabTo(page, pageTwo)
  await expectVisibleFocus(page)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\?page=2$/)
  await expect(pageTwo).toHaveAttribute('aria-current', 'page')
  // Focus moves to the grid's heading, where page 2 starts.
  await expect(popularGrid(page).getByRole('heading', { level: 2 })).toBeFocused()
  const secondPage = db.discover(2).results
  await expect(popularGrid(page).getByRole('heading', { level: 3 })).toHaveText(
    secondPage.map((movie) => movie.title),
  )

  // --- Add the last card of page 2 to the favorites (Tab on from the grid's heading).
  const favorite = secondPage[secondPage.length - 1] ?? firstOf(secondPage)
  const addButton = popularGrid(page)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name: favorite.title, exact: true }) })
    .getByRole('button', { name: 'Add to Favorites' })
  await tabTo(page, addButton)
  await expectVisibleFocus(page)
  await page.keyboard.press('Space')
  await expectAnnounced(page, `Added "${favorite.title}" to favorites!`)

  // --- Search, then open a result.
  await tabTo(page, mainNav(page).getByRole('link', { name: 'Search', exact: true }), {
    backwards: true,
  })
  await expectVisibleFocus(page)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/search$/)
  await expectFocusedHeading(page, 'Search Movies')
  await page.keyboard.press('Tab')
  await expect(page.getByPlaceholder('Enter movie title...')).toBeFocused()
  await expectVisibleFocus(page)
  await page.keyboard.type('star')
  const found = expectedSearch('star').movies
  await expect(searchResults(page, 'star').getByRole('link')).toHaveText(
    found.map((movie) => movie.title),
  )
  const result = firstOf(found)
  // The year filter sits next to the box, before the results.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('combobox', { name: 'Year' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(searchResults(page, 'star').getByRole('link').first()).toBeFocused()
  await expectVisibleFocus(page)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/movie/${result.id}$`))
  await expectFocusedHeading(page, result.title)

  // --- Favorites through the bar, remove the one kept.
  await tabTo(page, mainNav(page).getByRole('link', { name: 'Favorites', exact: true }), {
    backwards: true,
  })
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/favorites$/)
  await expectFocusedHeading(page, 'My Favorites')
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([favorite.title])
  await tabTo(page, page.getByRole('button', { name: 'Remove' }))
  await expectVisibleFocus(page)
  await page.keyboard.press('Enter')
  await expectAnnounced(page, 'Removed from favorites')
  await expect(page.getByText('No favorite movies yet.')).toBeVisible()

  // --- Log out.
  await tabTo(page, mainNav(page).getByRole('button', { name: 'Logout' }), { backwards: true })
  await expectVisibleFocus(page)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/login$/)
  await expectFocusedHeading(page, 'Login')
  await expect(mainNav(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible()
})
