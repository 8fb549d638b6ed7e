import { expect, test, type Page } from '@playwright/test'
import {
  currentUserValue,
  favoritesKey,
  favoritesValue,
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
const bob: Account = { name: 'Bob', email: 'Bob@Example.org', password: 'Rainy#day8' }

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

const VALIDATION_MESSAGES = [
  'Name is required',
  'Start with capital letter & 3–12 letters only',
  'Email is required',
  'Invalid email format',
  'Password is required',
  'Must include uppercase, lowercase, number & symbol',
]

test.describe('register', () => {
  test('validates each field live with the messages of behaviour §5', async ({ page }) => {
    await page.goto('/register')
    for (const message of VALIDATION_MESSAGES) {
      await expect(page.getByText(message, { exact: true })).toHaveCount(0)
    }
    const expectOnly = async (message: string | null, among: string[]) => {
      for (const candidate of among) {
        await expect(page.getByText(candidate, { exact: true })).toHaveCount(
          candidate === message ? 1 : 0,
        )
      }
    }

    const nameMessages = VALIDATION_MESSAGES.slice(0, 2)
    const nameCases: [string, string | null][] = [
      ['j', 'Start with capital letter & 3–12 letters only'],
      ['', 'Name is required'],
      ['ann', 'Start with capital letter & 3–12 letters only'],
      ['An', 'Start with capital letter & 3–12 letters only'],
      ['Ann1', 'Start with capital letter & 3–12 letters only'],
      ['Ann Lee', 'Start with capital letter & 3–12 letters only'],
      ['Abcdefghijklm', 'Start with capital letter & 3–12 letters only'],
      ['Abcdefghijkl', null],
      ['Ann', null],
    ]
    for (const [value, message] of nameCases) {
      await field(page, 'Name').fill(value)
      await expectOnly(message, nameMessages)
    }

    const emailMessages = VALIDATION_MESSAGES.slice(2, 4)
    const emailCases: [string, string | null][] = [
      ['a', 'Invalid email format'],
      ['', 'Email is required'],
      ['ann@example', 'Invalid email format'],
      ['ann example@x.io', 'Invalid email format'],
      ['ann@example.com', null],
    ]
    for (const [value, message] of emailCases) {
      await field(page, 'Email').fill(value)
      await expectOnly(message, emailMessages)
    }

    const passwordMessages = VALIDATION_MESSAGES.slice(4)
    const weak = 'Must include uppercase, lowercase, number & symbol'
    const passwordCases: [string, string | null][] = [
      ['a', weak],
      ['', 'Password is required'],
      ['Ab1!', weak],
      ['abcdef1!', weak],
      ['ABCDEF1!', weak],
      ['Abcdefg!', weak],
      ['Abcdef12', weak],
      ['Abcd1!', null],
    ]
    for (const [value, message] of passwordCases) {
      await field(page, 'Password').fill(value)
      await expectOnly(message, passwordMessages)
    }
    // The fields are independent: a valid password leaves the others valid too.
    await expectOnly(null, VALIDATION_MESSAGES)
  })

  test('the show/hide toggle reveals and hides the password', async ({ page }) => {
    for (const path of ['/register', '/login']) {
      await page.goto(path)
      const password = field(page, 'Password')
      await password.fill('Secret1!')
      await expect(password).toHaveAttribute('type', 'password')
      await page.getByRole('button', { name: 'Show password' }).click()
      await expect(password).toHaveAttribute('type', 'text')
      await expect(password).toHaveValue('Secret1!')
      await page.getByRole('button', { name: 'Hide password' }).click()
      await expect(password).toHaveAttribute('type', 'password')
      await expect(page.getByRole('button', { name: 'Show password' })).toBeVisible()
    }
  })

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

  test('an e-mail already registered, in any letter case, gives “Email already registered”', async ({
    page,
    context,
  }) => {
    await seedStorage(context, { users: usersValue(ann) })
    await page.goto('/register')
    await field(page, 'Name').fill('Annie')
    await field(page, 'Email').fill('ANN@Example.COM')
    await field(page, 'Password').fill('Other-pass9')
    await page.getByRole('button', { name: 'Register', exact: true }).click()
    await expect(toast(page, 'Email already registered')).toBeVisible(SLOW)
    await expect(page).toHaveURL('/register')
    const users = (await storedJson(page, 'users')) as { users: { email: string }[] }
    expect(users.users.map((user) => user.email)).toEqual([ann.email])
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

test.describe('login', () => {
  test('a missing field toasts “All fields are required”', async ({ page, context }) => {
    await seedStorage(context, { users: usersValue(ann) })
    const toastsShown = await recordToasts(page)
    await page.goto('/login')
    await expect(page.getByRole('main').getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/register',
    )
    const login = page.getByRole('button', { name: 'Login', exact: true })
    await login.click()
    await expect.poll(() => toastsShown('All fields are required')).toBe(1)
    await field(page, 'Email').fill(ann.email)
    await login.click()
    await expect.poll(() => toastsShown('All fields are required')).toBe(2)
    await field(page, 'Email').fill('')
    await field(page, 'Password').fill(ann.password)
    await login.click()
    await expect.poll(() => toastsShown('All fields are required')).toBe(3)
    await expect(page).toHaveURL('/login')
    expect((await readStorage(page)).currentUser).toBeUndefined()
  })

  test('a wrong password or unknown e-mail toasts “Incorrect email or password”', async ({
    page,
    context,
  }) => {
    await seedStorage(context, { users: usersValue(ann) })
    const toastsShown = await recordToasts(page)
    await page.goto('/login')
    const login = page.getByRole('button', { name: 'Login', exact: true })
    await field(page, 'Email').fill(ann.email)
    await field(page, 'Password').fill('Sunny-day8')
    await login.click()
    await expect.poll(() => toastsShown('Incorrect email or password'), SLOW).toBe(1)
    await field(page, 'Email').fill('nobody@example.com')
    await field(page, 'Password').fill(ann.password)
    await login.click()
    await expect.poll(() => toastsShown('Incorrect email or password'), SLOW).toBe(2)
    await expect(page).toHaveURL('/login')
    expect((await readStorage(page)).currentUser).toBeUndefined()
    await expect(mainNav(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible()
  })

  test('success toasts, goes home, greets by name and stores exactly {name, email}', async ({
    page,
    context,
  }) => {
    await seedStorage(context, { users: usersValue(ann) })
    await page.goto('/login')
    await logIn(page, ann)
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '')
    await expect(page.getByText('Welcome, Ann!', { exact: true })).toBeVisible()
    await expect(mainNav(page).getByRole('button', { name: 'Logout' })).toBeVisible()
    await expect(mainNav(page).getByRole('link', { name: 'Login' })).toHaveCount(0)
    expect((await readStorage(page)).currentUser).toBe(
      JSON.stringify({ name: ann.name, email: ann.email }),
    )
  })

  test('the e-mail is matched in any letter case', async ({ page, context }) => {
    await seedStorage(context, { users: usersValue(bob) })
    await page.goto('/login')
    await logIn(page, { email: 'bob@example.ORG', password: bob.password })
    await expect(page.getByText('Welcome, Bob!', { exact: true })).toBeVisible()
  })

  test('a signed-in record without a name is greeted by e-mail', async ({ page, context }) => {
    await seedStorage(context, {
      currentUser: currentUserValue({ name: '', email: 'noname@example.com' }),
    })
    await page.goto('/')
    await expect(page.getByText('Welcome, noname@example.com!', { exact: true })).toBeVisible()
  })

  test('a legacy plain-text user record logs in and is upgraded to a hash', async ({
    page,
    context,
  }) => {
    await seedStorage(context, {
      users: JSON.stringify([{ name: ann.name, email: ann.email, password: ann.password }]),
    })
    await page.goto('/login')
    await logIn(page, ann)
    await expect(page.getByText('Welcome, Ann!', { exact: true })).toBeVisible()
    await expect
      .poll(() => storedJson(page, 'users'))
      .toEqual({
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
    const storage = await readStorage(page)
    expect(Object.values(storage).join('\n')).not.toContain(ann.password)

    // The upgraded record still works.
    await mainNav(page).getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL('/login')
    await logIn(page, ann)
    await expect(page.getByText('Welcome, Ann!', { exact: true })).toBeVisible()
  })
})

test.describe('session and guards', () => {
  test('/favorites signed out redirects to login with a toast, and login returns there', async ({
    page,
    context,
  }) => {
    await seedStorage(context, { users: usersValue(ann) })
    await page.goto('/favorites')
    await expect(page).toHaveURL('/login?redirect=%2Ffavorites')
    await expect(toast(page, 'You must be logged in to access this page')).toBeVisible()
    await logIn(page, ann)
    await expect(page).toHaveURL('/favorites')
    await expect(page.getByRole('heading', { level: 1, name: 'My Favorites' })).toBeVisible()
  })

  test('the Favorites link, signed out, leads to login with one toast', async ({ page }) => {
    const toastsShown = await recordToasts(page)
    await page.goto('/')
    await mainNav(page).getByRole('link', { name: 'Favorites', exact: true }).click()
    await expect(page).toHaveURL('/login?redirect=%2Ffavorites')
    await expect(toast(page, 'You must be logged in to access this page')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible()
    expect(await toastsShown('You must be logged in to access this page')).toBe(1)
  })

  test('/login and /register redirect home when signed in', async ({ page, context }) => {
    await seedStorage(context, { currentUser: currentUserValue(ann) })
    for (const path of ['/login', '/register']) {
      await page.goto(path)
      await expect(page).toHaveURL((url) => url.pathname === '/')
      await expect(page.getByText('Welcome, Ann!', { exact: true })).toBeVisible()
    }
    await expect(mainNav(page).getByRole('link', { name: 'Login', exact: true })).toHaveCount(0)
  })

  test('logout flips the bar to Login, goes to /login and removes currentUser', async ({
    page,
    context,
  }) => {
    await seedStorage(context, { currentUser: currentUserValue(ann) })
    await page.goto('/')
    await expect(page.getByText('Welcome, Ann!', { exact: true })).toBeVisible()
    await mainNav(page).getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL('/login')
    await expect(mainNav(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible()
    await expect(mainNav(page).getByRole('button', { name: 'Logout' })).toHaveCount(0)
    expect((await readStorage(page)).currentUser).toBeUndefined()
    await mainNav(page).getByRole('link', { name: 'Home', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'CineList' })).toBeVisible()
    await expect(page.getByText(/^Welcome,/)).toHaveCount(0)
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
  test('adding signed out toasts “Please login first” and stores nothing', async ({ page }) => {
    await page.goto('/')
    await addFromHome(page, movieA.title)
    await expect(toast(page, 'Please login first')).toBeVisible()
    const keys = Object.keys(await readStorage(page))
    expect(keys.filter((key) => key.startsWith('favorites'))).toEqual([])
  })

  test('add, add again, list and remove give the exact toasts', async ({ page, context }) => {
    await seedStorage(context, { currentUser: currentUserValue(ann) })
    await page.goto('/')
    await addFromHome(page, movieA.title)
    await expect(toast(page, `Added "${movieA.title}" to favorites!`)).toBeVisible()
    await addFromHome(page, movieA.title)
    await expect(toast(page, `"${movieA.title}" is already in favorites.`)).toBeVisible()
    await addFromHome(page, movieB.title)
    await expect(toast(page, `Added "${movieB.title}" to favorites!`)).toBeVisible()
    expect(await storedFavorites(page, ann.email)).toEqual({
      version: 1,
      movies: [movieA, movieB],
    })

    await mainNav(page).getByRole('link', { name: 'Favorites', exact: true }).click()
    await expect(page).toHaveURL('/favorites')
    await expect(favoriteTitles(page)).toHaveText([movieA.title, movieB.title])

    const cardA = page
      .getByRole('main')
      .getByRole('article')
      .filter({ has: page.getByRole('link', { name: movieA.title, exact: true }) })
    await cardA.getByRole('button', { name: 'Remove' }).click()
    await expect(toast(page, 'Removed from favorites')).toBeVisible()
    await expect(favoriteTitles(page)).toHaveText([movieB.title])
    expect(await storedFavorites(page, ann.email)).toEqual({
      version: 1,
      movies: [movieB],
    })

    await page
      .getByRole('main')
      .getByRole('article')
      .getByRole('button', { name: 'Remove' })
      .click()
    await expect(page.getByText('No favorite movies yet.', { exact: true })).toBeVisible()
  })

  test('the favorites page shows poster, title and Remove; poster and title open the detail', async ({
    page,
    context,
  }) => {
    await seedStorage(context, {
      currentUser: currentUserValue(ann),
      [favoritesKey(ann.email)]: favoritesValue([movieA, movieB, movieC]),
    })
    await page.goto('/favorites')
    await expect(page.getByRole('heading', { level: 1, name: 'My Favorites' })).toBeVisible()
    await expect(page).toHaveTitle('My Favorites · CineList')
    await expect(page.locator('h1')).toHaveCount(1)
    await expect(mainNav(page).getByRole('link', { name: 'Favorites' })).toHaveAttribute(
      'aria-current',
      'page',
    )

    const cards = page.getByRole('main').getByRole('article')
    await expect(cards).toHaveCount(3)
    for (const [index, movie] of [movieA, movieB, movieC].entries()) {
      const item = cards.nth(index)
      // One link holds the poster and the title; the poster is not announced a second time.
      const link = item.getByRole('link', { name: movie.title, exact: true })
      await expect(item.getByRole('link')).toHaveCount(1)
      await expect(link).toHaveAttribute('href', `/movie/${movie.id}`)
      await expect(link.getByRole('heading', { level: 2, name: movie.title })).toBeVisible()
      const poster = link.locator('img')
      await expect(poster).toBeVisible()
      await expect(poster).toHaveAttribute('alt', '')
      await expect(poster).toHaveAttribute(
        'src',
        `https://image.tmdb.org/t/p/w300${movie.poster_path ?? ''}`,
      )
      await expect(item.getByRole('button', { name: 'Remove' })).toBeVisible()
    }

    await cards.nth(1).locator('img').click()
    await expect(page).toHaveURL(`/movie/${movieB.id}`)
    await expect(page.getByRole('heading', { level: 1, name: movieB.title })).toBeVisible()

    await page.goBack()
    await cards.nth(2).getByRole('link', { name: movieC.title, exact: true }).click()
    await expect(page).toHaveURL(`/movie/${movieC.id}`)
    await expect(page.getByRole('heading', { level: 1, name: movieC.title })).toBeVisible()
  })

  test('an empty list shows “No favorite movies yet.”', async ({ page, context }) => {
    await seedStorage(context, { currentUser: currentUserValue(ann) })
    await page.goto('/favorites')
    await expect(page.getByText('No favorite movies yet.', { exact: true })).toBeVisible()
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(0)
  })

  test('each user sees only their own list', async ({ page, context }) => {
    await seedStorage(context, {
      users: usersValue(ann, bob),
      currentUser: currentUserValue(ann),
      [favoritesKey(ann.email)]: favoritesValue([movieA]),
    })
    await page.goto('/')
    await addFromHome(page, movieB.title)
    await expect(toast(page, `Added "${movieB.title}" to favorites!`)).toBeVisible()
    await page.goto('/favorites')
    await expect(favoriteTitles(page)).toHaveText([movieA.title, movieB.title])

    await mainNav(page).getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL('/login')
    await logIn(page, bob)
    await mainNav(page).getByRole('link', { name: 'Favorites', exact: true }).click()
    await expect(page.getByText('No favorite movies yet.', { exact: true })).toBeVisible()

    await mainNav(page).getByRole('link', { name: 'Home', exact: true }).click()
    await addFromHome(page, movieC.title)
    await expect(toast(page, `Added "${movieC.title}" to favorites!`)).toBeVisible()
    await mainNav(page).getByRole('link', { name: 'Favorites', exact: true }).click()
    await expect(favoriteTitles(page)).toHaveText([movieC.title])

    expect(await storedFavorites(page, ann.email)).toEqual({
      version: 1,
      movies: [movieA, movieB],
    })
    expect(await storedFavorites(page, bob.email)).toEqual({
      version: 1,
      movies: [movieC],
    })
    expect(favoritesKey(bob.email)).toBe('favorites:bob@example.org')
  })

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
