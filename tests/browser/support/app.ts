import { expect, type Locator, type Page } from '@playwright/test'
import { mergedSearch } from '../../expected'
import type { Account } from './storage'
import { db } from './tmdb'

/** Behaviour §2: the overview preview is its first 80 characters followed by an ellipsis. */
export const overviewPreview = (overview: string) =>
  `${Array.from(overview).slice(0, 80).join('')}...`

/** Behaviour §7: page 1, then pages 2..min(total_pages, 5); merged in order, first 10 kept. */
export function expectedSearch(term: string) {
  const merged = mergedSearch(db, term)
  return { ...merged, movies: merged.movies.slice(0, 10) }
}

/**
 * The app's grid (in the app's own main, #main). Under `npm start` the page may first show the
 * server's drawing of it, whose buttons do nothing until the app has replaced it.
 */
export const popularGrid = (page: Page) =>
  page.locator('#main').getByRole('region', { name: 'Popular Movies' })
export const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pagination' })
export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' })
/** The system's colour scheme switched under an open page, once the page has followed it. */
export async function switchColorScheme(page: Page, theme: 'dark' | 'light') {
  await page.emulateMedia({ colorScheme: theme })
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
}

/** The titles of the films a list page shows, in order. */
export const listedTitles = (page: Page) =>
  page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 2 })
export const searchBox = (page: Page) => page.getByPlaceholder('Enter movie title...')
export const searchResults = (page: Page, term: string) =>
  page.getByRole('list', { name: `Results for “${term}”` })

/** The value shown next to a label in the detail page's description list. */
export const detailFact = (page: Page, label: string): Locator =>
  page
    .locator('dl > *')
    .filter({ has: page.locator('dt').getByText(label, { exact: true }) })
    .locator('dd')

/** A toast (sonner) with exactly this text. */
export const toast = (page: Page, message: string) =>
  page.locator('[data-sonner-toast]').getByText(message, { exact: true })

/** The posters that load first are in: the page is as a user sees it. */
export const postersLoaded = (page: Page, scope: Locator = page.locator('main')) =>
  expect
    .poll(() =>
      scope
        .locator('img[loading="eager"]')
        .evaluateAll((images: HTMLImageElement[]) =>
          images.every((image) => image.complete && image.naturalWidth > 0),
        ),
    )
    .toBe(true)

export function firstOf<T>(items: readonly T[], what = 'the demo catalog'): T {
  const item = items[0]
  if (item === undefined) throw new Error(`${what} is empty`)
  return item
}

/**
 * Adds the popular grid's first movie, the catalog's first, to the watchlist, and waits for the
 * toast saying so. Returns the movie.
 */
export async function addFirstPopularToWatchlist(page: Page) {
  await popularGrid(page)
    .getByRole('article')
    .first()
    .getByRole('button', { name: 'Add to Watchlist', exact: true })
    .click()
  await expect(toast(page, 'Added to watchlist')).toBeVisible()
  return firstOf(db.discover(1).results)
}

/** Logs in through the form and waits for the destination. */
export async function logIn(page: Page, account: Pick<Account, 'email' | 'password'>) {
  // The URL changes before the login route has rendered: the page it leaves (the register form,
  // with an Email field of its own) may still be showing.
  await expect(page.getByRole('heading', { level: 1, name: 'Login', exact: true })).toBeVisible()
  await page.getByLabel('Email', { exact: true }).fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  // .last(): a toast from an earlier login in the same test may still be showing (2 s).
  await expect(toast(page, 'Login successful').last()).toBeVisible({ timeout: 20_000 })
  await expect(page).not.toHaveURL((url) => url.pathname === '/login')
}

/**
 * Records the title of every toast the page raises, so a repeated message can be counted even
 * after earlier copies have timed out. Call before the first navigation.
 */
export async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = []
    const counted = new WeakSet<Element>()
    Reflect.set(window, '__e2eToasts', seen)
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue
          const toasts = node.matches('[data-sonner-toast]')
            ? [node]
            : Array.from(node.querySelectorAll('[data-sonner-toast]'))
          for (const item of toasts) {
            if (counted.has(item)) continue
            counted.add(item)
            seen.push(item.querySelector('[data-title]')?.textContent ?? item.textContent)
          }
        }
      }
    }).observe(document, { childList: true, subtree: true })
  })
  return async (message: string) => {
    const seen = await page.evaluate(() => Reflect.get(window, '__e2eToasts') as string[])
    return seen.filter((text) => text === message).length
  }
}
