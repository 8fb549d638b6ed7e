import { pbkdf2Sync, randomBytes } from 'node:crypto'
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test'
import { mergedSearch } from '../../expected'
import { db } from './tmdb'

/** Behaviour §2: the overview preview is its first 80 characters followed by an ellipsis. */
export const overviewPreview = (overview: string) =>
  `${Array.from(overview).slice(0, 80).join('')}...`

/** Behaviour §7: page 1, then pages 2..min(total_pages, 5); merged in order, first 10 kept. */
export function expectedSearch(term: string) {
  const merged = mergedSearch(db, term)
  return { ...merged, movies: merged.movies.slice(0, 10) }
}

export const popularGrid = (page: Page) => page.getByRole('region', { name: 'Popular Movies' })
export const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pagination' })
export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' })
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

export function firstOf<T>(items: readonly T[], what = 'the demo catalog'): T {
  const item = items[0]
  if (item === undefined) throw new Error(`${what} is empty`)
  return item
}

export interface Account {
  name: string
  email: string
  password: string
}

export const PBKDF2_ITERATIONS = 600_000

const hashed = new Map<string, object>()

/**
 * A stored user record as the app writes it (behaviour §3, hashed as the README describes), computed
 * here with Node's PBKDF2 so a test can start with a registered user without a slow sign-up.
 */
export function hashedUserRecord({ name, email, password }: Account) {
  const key = `${name}\u0000${email}\u0000${password}`
  const cached = hashed.get(key)
  if (cached) return cached
  const salt = randomBytes(16)
  const hash = pbkdf2Sync(password, salt, PBKDF2_ITERATIONS, 32, 'sha256')
  const record = {
    name,
    email,
    password: {
      salt: salt.toString('base64'),
      hash: hash.toString('base64'),
      iterations: PBKDF2_ITERATIONS,
    },
  }
  hashed.set(key, record)
  return record
}

/** The `users` value with these accounts registered. */
export const usersValue = (...accounts: Account[]) =>
  JSON.stringify({ version: 1, users: accounts.map(hashedUserRecord) })

export const currentUserValue = ({ name, email }: Pick<Account, 'name' | 'email'>) =>
  JSON.stringify({ name, email })

export interface StoredFavorite {
  id: number
  title: string
  poster_path: string | null
  release_date: string | null
}

export const favoriteOf = (movie: StoredFavorite): StoredFavorite => ({
  id: movie.id,
  title: movie.title,
  poster_path: movie.poster_path,
  release_date: movie.release_date,
})

export const favoritesKey = (email: string) => `favorites:${email.toLowerCase()}`
export const favoritesValue = (movies: StoredFavorite[]) =>
  JSON.stringify({ version: 1, movies: movies.map(favoriteOf) })

const SEEDED_COOKIE = 'e2e-seeded'

/**
 * Puts raw values in localStorage before the app's first script runs, once per context (a
 * cookie marks it done), so later reloads and other tabs see what the app made of them.
 */
export async function seedStorage(context: BrowserContext, entries: Record<string, string>) {
  await context.addInitScript(
    ({ values, cookie }) => {
      if (!location.origin.startsWith('http') || document.cookie.includes(`${cookie}=1`)) return
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value)
      document.cookie = `${cookie}=1; path=/`
    },
    { values: entries, cookie: SEEDED_COOKIE },
  )
}

/** Every localStorage entry, raw. */
export const readStorage = (page: Page) =>
  page.evaluate(() => {
    const entries: Record<string, string> = {}
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index)
      if (key !== null) entries[key] = localStorage.getItem(key) ?? ''
    }
    return entries
  })

/** Logs in through the form and waits for the destination. */
export async function logIn(page: Page, account: Pick<Account, 'email' | 'password'>) {
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

/** Makes every access to localStorage throw, as a browser with storage disabled does. */
export async function disableStorage(context: BrowserContext) {
  await context.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('Access is denied for this document.', 'SecurityError')
      },
    })
  })
}
