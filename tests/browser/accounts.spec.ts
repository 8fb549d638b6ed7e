import type { Page } from '@playwright/test'
import { PBKDF2_ITERATIONS } from '../../src/features/auth/password-hash'
import {
  logIn,
  mainNav,
  popularGrid,
  recordToasts,
  searchBox,
  searchResults,
  toast,
} from './support/app'
import { expect, test } from './support/fixtures'
import {
  favoriteOf,
  listKey,
  readStorage,
  readStored,
  type Account,
  type StoredMovie,
} from './support/storage'
import { db } from './support/tmdb'

/**
 * Accounts and favorites end to end, in a real browser: Web Crypto's PBKDF2, real localStorage
 * across reloads and tabs, and a start on corrupt storage. Each form rule and message is checked
 * once, in tests/components/accounts.test.tsx and account-forms.test.tsx.
 */

/** PBKDF2 with 600,000 iterations: signing up or in takes a second or two here. */
const SLOW = { timeout: 20_000 }

const ann: Account = { name: 'Ann', email: 'ann@example.com', password: 'Sunny-day7' }

const [movieA, movieB] = db.discover(1).results.slice(5, 7).map(favoriteOf)
if (!movieA || !movieB) throw new Error('the demo catalog is too small')

async function register(page: Page, account: Account) {
  await page.getByLabel('Name', { exact: true }).fill(account.name)
  await page.getByLabel('Email', { exact: true }).fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Register', exact: true }).click()
  await expect(toast(page, 'Registered successfully')).toBeVisible(SLOW)
}

async function addFromHome(page: Page, movie: StoredMovie) {
  await popularGrid(page)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name: movie.title, exact: true }) })
    .getByRole('button', { name: 'Add to Favorites' })
    .click()
  await expect(toast(page, `Added "${movie.title}" to favorites!`)).toBeVisible()
}

/** The favorites page's cards, by title. */
const favoriteTitles = (page: Page) =>
  page.getByRole('main').getByRole('article').getByRole('heading', { level: 2 })

test('register, log in and reload: still signed in, and no plain password is ever stored', async ({
  page,
}) => {
  await page.goto('/register')
  await expect(page.getByRole('main').getByRole('link', { name: 'Login' })).toHaveAttribute(
    'href',
    '/login',
  )
  await register(page, ann)
  await expect(page).toHaveURL('/login')
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible()
  expect(await readStored(page, 'users')).toEqual({
    version: 1,
    users: [
      {
        name: ann.name,
        email: ann.email,
        password: {
          salt: expect.any(String),
          hash: expect.any(String),
          iterations: PBKDF2_ITERATIONS,
        },
      },
    ],
  })

  await logIn(page, ann)
  await expect(page).toHaveURL('/')
  for (const [key, value] of Object.entries(await readStorage(page))) {
    expect(`${key}=${value}`).not.toContain(ann.password)
  }
  const session = await page.evaluate(() => Object.values(sessionStorage).join('\n'))
  expect(session).not.toContain(ann.password)

  await page.reload()
  await expect(page.getByText('Welcome, Ann!', { exact: true })).toBeVisible()
  await expect(mainNav(page).getByRole('button', { name: 'Logout' })).toBeVisible()
})

test('a toast shows at the top centre of the screen (behaviour §2)', async ({ page }) => {
  await page.goto('/register')
  await page.getByRole('button', { name: 'Register', exact: true }).click()
  const shown = toast(page, 'Please fix the errors')
  await expect(shown).toBeVisible()
  const toaster = page.locator('[data-sonner-toaster]')
  await expect(toaster).toHaveAttribute('data-y-position', 'top')
  await expect(toaster).toHaveAttribute('data-x-position', 'center')
  const box = await shown.boundingBox()
  const width = page.viewportSize()?.width ?? 0
  expect(box && Math.abs(box.x + box.width / 2 - width / 2)).toBeLessThan(40)
  expect(box?.y).toBeLessThan(120)
})

for (const [width, height] of [
  [390, 800],
  [1280, 800],
] as const) {
  test(`a form page's toast leaves its heading in view at ${String(width)} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height })
    for (const [path, button, message] of [
      ['/register', 'Register', 'Please fix the errors'],
      ['/login', 'Login', 'All fields are required'],
    ] as const) {
      await page.goto(path)
      await page.getByRole('main').getByRole('button', { name: button, exact: true }).click()
      const shown = toast(page, message)
      await expect(shown).toBeVisible()
      const toastBox = await shown.boundingBox()
      const headingBox = await page.getByRole('heading', { level: 1 }).boundingBox()
      if (!toastBox || !headingBox) throw new Error('toast or heading not laid out')
      expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(headingBox.y)
    }
  })
}

test('the Favorites link, signed out, leads to login with one toast', async ({ page }) => {
  const toastsShown = await recordToasts(page)
  await page.goto('/')
  await mainNav(page).getByRole('link', { name: 'Favorites', exact: true }).click()
  await expect(page).toHaveURL('/login?redirect=%2Ffavorites')
  await expect(toast(page, 'You must be logged in to access this page')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible()
  expect(await toastsShown('You must be logged in to access this page')).toBe(1)
})

test.describe('signed in', () => {
  test.use({ signedIn: ann })

  test('favorites persist across a reload', async ({ page }) => {
    await page.goto('/')
    await addFromHome(page, movieA)
    await page.goto('/favorites')
    await expect(favoriteTitles(page)).toHaveText([movieA.title])
    await page.reload()
    await expect(favoriteTitles(page)).toHaveText([movieA.title])
  })

  test('logging out in one tab shows Login in the other without a reload', async ({
    page,
    otherTab: other,
  }) => {
    await page.goto('/')
    await other.goto('/search')
    await expect(mainNav(other).getByRole('button', { name: 'Logout' })).toBeVisible()

    await mainNav(page).getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL('/login')
    await expect(mainNav(other).getByRole('link', { name: 'Login', exact: true })).toBeVisible()
    await expect(mainNav(other).getByRole('button', { name: 'Logout' })).toHaveCount(0)
  })

  test('a favorite added in one tab shows on the other’s favorites page without a reload', async ({
    page,
    otherTab: other,
  }) => {
    await other.goto('/favorites')
    await expect(other.getByText('No favorite movies yet.', { exact: true })).toBeVisible()

    await page.goto('/')
    await addFromHome(page, movieB)
    await expect(favoriteTitles(other)).toHaveText([movieB.title])
  })
})

test.describe('corrupt storage', () => {
  test.use({
    storage: { users: '{oops', currentUser: '[1,2]', [listKey('favorites', ann.email)]: '"x"' },
  })

  test('the app starts and browses; unreadable values are set aside under backup: keys', async ({
    page,
  }) => {
    const backups = async (value: string) =>
      Object.entries(await readStorage(page)).filter(
        ([key, stored]) => key.startsWith('backup:') && stored === value,
      ).length
    await page.goto('/')
    await expect(popularGrid(page).getByRole('article')).toHaveCount(20)
    await expect(mainNav(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible()
    await expect.poll(() => backups('[1,2]')).toBe(1)

    await mainNav(page).getByRole('link', { name: 'Search', exact: true }).click()
    await searchBox(page).fill('matrix')
    await expect(searchResults(page, 'matrix').getByRole('link')).not.toHaveCount(0)

    // Signing up reads the unreadable user list: it is set aside and a fresh one begins.
    await mainNav(page).getByRole('link', { name: 'Login', exact: true }).click()
    await page.getByRole('main').getByRole('link', { name: 'Register' }).click()
    await register(page, ann)
    expect(await backups('{oops')).toBe(1)
    expect(await readStored(page, 'users')).toMatchObject({
      version: 1,
      users: [{ name: ann.name, email: ann.email }],
    })

    // Signed in, the unreadable favorites are set aside too, and a new list begins.
    await logIn(page, ann)
    await addFromHome(page, movieA)
    expect(await backups('"x"')).toBe(1)
    expect(await readStored(page, listKey('favorites', ann.email))).toMatchObject({
      version: 1,
      movies: [{ id: movieA.id }],
    })
  })
})
