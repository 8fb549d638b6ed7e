import { expect, test, type Page } from '@playwright/test'
import {
  currentUserValue,
  favoritesKey,
  favoriteOf,
  logIn,
  mainNav,
  popularGrid,
  readStorage,
  recordToasts,
  searchBox,
  searchResults,
  seedStorage,
  toast,
  usersValue,
  PBKDF2_ITERATIONS,
  type Account,
  type StoredFavorite,
} from './support/app'
import { db } from './support/tmdb'

/** PBKDF2 with 600,000 iterations: signing up or in takes a second or two here. */
const SLOW = { timeout: 20_000 }

const ann: Account = { name: 'Ann', email: 'ann@example.com', password: 'Sunny-day7' }

const [movieA, movieB, movieC] = db.discover(1).results.slice(5, 8).map(favoriteOf)
if (!movieA || !movieB || !movieC) throw new Error('the demo catalog is too small')

const field = (page: Page, label: 'Name' | 'Email' | 'Password') =>
  page.getByLabel(label, { exact: true })

const card = (page: Page, title: string) =>
  popularGrid(page)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) })

async function addFromHome(page: Page, title: string) {
  await card(page, title).getByRole('button', { name: 'Add to Favorites' }).click()
}

const storedJson = async (page: Page, key: string): Promise<unknown> => {
  const raw = (await readStorage(page))[key]
  return raw === undefined ? undefined : JSON.parse(raw)
}

/**
 * A user's stored favorites, each as the record of behaviour §3 (entries also keep the date
 * they were added and the rating, for the list tools; a date, when there, is a real one).
 */
const storedFavorites = async (page: Page, email: string) => {
  const stored = (await storedJson(page, favoritesKey(email))) as
    { version: number; movies: (StoredFavorite & { added_at?: string })[] } | undefined
  if (!stored) return stored
  for (const movie of stored.movies) {
    if (movie.added_at !== undefined) expect(Date.parse(movie.added_at)).not.toBeNaN()
  }
  return { ...stored, movies: stored.movies.map(favoriteOf) }
}

/** The favorites page's cards, by title. */
const favoriteTitles = (page: Page) =>
  page.getByRole('main').getByRole('article').getByRole('heading', { level: 2 })

test.describe('register', () => {
  test('submitting empty or invalid fields toasts “Please fix the errors” and stores nothing', async ({
    page,
  }) => {
    const toastsShown = await recordToasts(page)
    await page.goto('/register')
    await page.getByRole('button', { name: 'Register', exact: true }).click()
    await expect(toast(page, 'Please fix the errors')).toBeVisible()
    for (const message of ['Name is required', 'Email is required', 'Password is required']) {
      await expect(page.getByText(message, { exact: true })).toBeVisible()
    }
    // Behaviour §2: the toast area sits at the top centre.
    const toaster = page.locator('[data-sonner-toaster]')
    await expect(toaster).toHaveAttribute('data-y-position', 'top')
    await expect(toaster).toHaveAttribute('data-x-position', 'center')
    const box = await toast(page, 'Please fix the errors').boundingBox()
    const width = page.viewportSize()?.width ?? 0
    expect(box && Math.abs(box.x + box.width / 2 - width / 2)).toBeLessThan(40)
    expect(box?.y).toBeLessThan(120)

    await field(page, 'Name').fill('Ann')
    await field(page, 'Email').fill(ann.email)
    await field(page, 'Password').fill('weak')
    await page.getByRole('button', { name: 'Register', exact: true }).click()
    await expect.poll(() => toastsShown('Please fix the errors')).toBe(2)
    await expect(page).toHaveURL('/register')
    expect((await readStorage(page)).users).toBeUndefined()
  })

  test('registering then logging in works, and no plain password is ever stored', async ({
    page,
  }) => {
    await page.goto('/register')
    await expect(page.getByRole('main').getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/login',
    )
    await field(page, 'Name').fill(ann.name)
    await field(page, 'Email').fill(ann.email)
    await field(page, 'Password').fill(ann.password)
    await page.getByRole('button', { name: 'Register', exact: true }).click()
    await expect(toast(page, 'Registered successfully')).toBeVisible(SLOW)
    await expect(page).toHaveURL('/login')
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible()

    const users = await storedJson(page, 'users')
    expect(users).toEqual({
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
    const storage = await readStorage(page)
    for (const [key, value] of Object.entries(storage)) {
      expect(`${key}=${value}`).not.toContain(ann.password)
    }
    const session = await page.evaluate(() => Object.values(sessionStorage).join('\n'))
    expect(session).not.toContain(ann.password)
  })
})

test.describe('session and guards', () => {
  test('the Favorites link, signed out, leads to login with one toast', async ({ page }) => {
    const toastsShown = await recordToasts(page)
    await page.goto('/')
    await mainNav(page).getByRole('link', { name: 'Favorites', exact: true }).click()
    await expect(page).toHaveURL('/login?redirect=%2Ffavorites')
    await expect(toast(page, 'You must be logged in to access this page')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible()
    expect(await toastsShown('You must be logged in to access this page')).toBe(1)
  })

  test('the session survives a reload', async ({ page, context }) => {
    await seedStorage(context, { users: usersValue(ann) })
    await page.goto('/login')
    await logIn(page, ann)
    await page.reload()
    await expect(page.getByText('Welcome, Ann!', { exact: true })).toBeVisible()
    await expect(mainNav(page).getByRole('button', { name: 'Logout' })).toBeVisible()
  })
})

test.describe('favorites', () => {
  test('favorites persist across a reload', async ({ page, context }) => {
    await seedStorage(context, { currentUser: currentUserValue(ann) })
    await page.goto('/')
    await addFromHome(page, movieA.title)
    await expect(toast(page, `Added "${movieA.title}" to favorites!`)).toBeVisible()
    await page.goto('/favorites')
    await expect(favoriteTitles(page)).toHaveText([movieA.title])
    await page.reload()
    await expect(favoriteTitles(page)).toHaveText([movieA.title])
  })
})

test.describe('two tabs', () => {
  test('logging out in one tab shows Login in the other without a reload', async ({ context }) => {
    await seedStorage(context, { currentUser: currentUserValue(ann) })
    const first = await context.newPage()
    const second = await context.newPage()
    await first.goto('/')
    await second.goto('/search')
    await expect(mainNav(second).getByRole('button', { name: 'Logout' })).toBeVisible()

    await mainNav(first).getByRole('button', { name: 'Logout' }).click()
    await expect(first).toHaveURL('/login')
    await expect(mainNav(second).getByRole('link', { name: 'Login', exact: true })).toBeVisible()
    await expect(mainNav(second).getByRole('button', { name: 'Logout' })).toHaveCount(0)
  })

  test('a favorite added in one tab shows on the other’s favorites page without a reload', async ({
    context,
  }) => {
    await seedStorage(context, { currentUser: currentUserValue(ann) })
    const first = await context.newPage()
    const second = await context.newPage()
    await second.goto('/favorites')
    await expect(second.getByText('No favorite movies yet.', { exact: true })).toBeVisible()

    await first.goto('/')
    await addFromHome(first, movieA.title)
    await expect(toast(first, `Added "${movieA.title}" to favorites!`)).toBeVisible()
    await expect(favoriteTitles(second)).toHaveText([movieA.title])
  })
})

test.describe('corrupt storage', () => {
  test('the app starts and browses; unreadable values are set aside under backup: keys', async ({
    page,
    context,
  }) => {
    await seedStorage(context, {
      users: '{oops',
      currentUser: '[1,2]',
      [favoritesKey(ann.email)]: '"x"',
    })
    await page.goto('/')
    await expect(popularGrid(page).getByRole('article')).toHaveCount(20)
    await expect(mainNav(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible()
    await expect
      .poll(async () => {
        const storage = await readStorage(page)
        return Object.entries(storage).filter(
          ([key, value]) => key.startsWith('backup:') && value === '[1,2]',
        ).length
      })
      .toBe(1)

    await mainNav(page).getByRole('link', { name: 'Search', exact: true }).click()
    await searchBox(page).fill('matrix')
    await expect(searchResults(page, 'matrix').getByRole('link')).not.toHaveCount(0)

    // Signing up reads the unreadable user list: it is set aside and a fresh one begins.
    await mainNav(page).getByRole('link', { name: 'Login', exact: true }).click()
    await page.getByRole('main').getByRole('link', { name: 'Register' }).click()
    await field(page, 'Name').fill(ann.name)
    await field(page, 'Email').fill(ann.email)
    await field(page, 'Password').fill(ann.password)
    await page.getByRole('button', { name: 'Register', exact: true }).click()
    await expect(toast(page, 'Registered successfully')).toBeVisible(SLOW)
    const storage = await readStorage(page)
    expect(
      Object.entries(storage).filter(
        ([key, value]) => key.startsWith('backup:') && value === '{oops',
      ),
    ).toHaveLength(1)
    expect(JSON.parse(storage.users ?? 'null')).toMatchObject({
      version: 1,
      users: [{ name: ann.name, email: ann.email }],
    })
  })

  test('an unreadable favorites list is set aside and the user starts a new one', async ({
    page,
    context,
  }) => {
    await seedStorage(context, {
      currentUser: currentUserValue(ann),
      [favoritesKey(ann.email)]: '"x"',
    })
    await page.goto('/favorites')
    await expect(page.getByText('No favorite movies yet.', { exact: true })).toBeVisible()
    const storage = await readStorage(page)
    expect(
      Object.entries(storage).filter(
        ([key, value]) => key.startsWith('backup:') && value === '"x"',
      ),
    ).toHaveLength(1)

    await mainNav(page).getByRole('link', { name: 'Home', exact: true }).click()
    await addFromHome(page, movieA.title)
    await expect(toast(page, `Added "${movieA.title}" to favorites!`)).toBeVisible()
    expect(await storedFavorites(page, ann.email)).toEqual({
      version: 1,
      movies: [movieA],
    })
  })
})
