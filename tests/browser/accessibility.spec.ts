import type { Page } from '@playwright/test'
import {
  firstOf,
  mainNav,
  popularGrid,
  postersLoaded,
  searchBox,
  searchResults,
  toast,
} from './support/app'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { favoriteOf } from './support/storage'
import { db } from './support/tmdb'

/** Every screen and state of behaviour §2, scanned with axe for WCAG 2.2 AA (demo build). */

const movies = db.discover(1).results
const movie = firstOf(movies)
const alice = { name: 'Alice', email: 'alice@example.com', password: 'Secret1!' }

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true })

/** Screens scanned as they first show. */
const SCREENS: { name: string; path: string; shown: (page: Page) => Promise<void> }[] = [
  {
    name: 'home',
    path: '/',
    shown: async (page) => {
      await expect(popularGrid(page).getByRole('article')).toHaveCount(20)
      await postersLoaded(page)
    },
  },
  {
    name: 'home, page 2',
    path: '/?page=2',
    shown: async (page) => {
      await expect(popularGrid(page).getByRole('heading', { level: 3 }).first()).toHaveText(
        firstOf(db.discover(2).results).title,
      )
      await postersLoaded(page)
    },
  },
  {
    name: 'search, empty',
    path: '/search',
    shown: (page) => expect(page.getByText('Enter a movie title to start searching')).toBeVisible(),
  },
  {
    name: 'search, no results',
    path: '/search?q=qqxqq',
    shown: (page) => expect(page.getByText('No movies found', { exact: true })).toBeVisible(),
  },
  {
    name: 'movie detail',
    path: `/movie/${movie.id}`,
    shown: async (page) => {
      await expect(heading(page, movie.title)).toBeVisible()
      await postersLoaded(page)
    },
  },
  {
    name: '404',
    path: '/no-such-page',
    shown: (page) =>
      expect(
        page.getByText('The page you’re looking for doesn’t seem to exist.', { exact: true }),
      ).toBeVisible(),
  },
]

test.describe('axe finds no WCAG 2.2 AA violation', () => {
  for (const { name, path, shown } of SCREENS) {
    test(name, async ({ page }) => {
      await page.goto(path)
      await shown(page)
      await expectNoAxeViolations(page, name)
    })
  }

  test('search, results', async ({ page }) => {
    await page.goto('/search')
    await searchBox(page).fill('star')
    await expect(searchResults(page, 'star').getByRole('link')).toHaveCount(10)
    await postersLoaded(page)
    await expectNoAxeViolations(page, 'search results')
  })

  test('login, with an error toast', async ({ page }) => {
    await page.goto('/login')
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await expect(toast(page, 'All fields are required')).toBeVisible()
    await expectNoAxeViolations(page, 'login submitted empty')

    await page.getByLabel('Email', { exact: true }).fill('nobody@example.com')
    await page.getByLabel('Password', { exact: true }).fill('Wrong1!')
    await page.getByRole('button', { name: 'Show password' }).click()
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await expect(toast(page, 'Incorrect email or password')).toBeVisible()
    await expectNoAxeViolations(page, 'login with wrong credentials, password shown')
  })

  test('register, with validation errors', async ({ page }) => {
    await page.goto('/register')
    await page.getByRole('button', { name: 'Register', exact: true }).click()
    await expect(page.getByText('Name is required')).toBeVisible()
    await expect(page.getByText('Email is required')).toBeVisible()
    await expect(page.getByText('Password is required')).toBeVisible()
    await expect(toast(page, 'Please fix the errors')).toBeVisible()
    await expectNoAxeViolations(page, 'register submitted empty')

    await page.getByLabel('Name', { exact: true }).fill('bob')
    await page.getByLabel('Email', { exact: true }).fill('not-an-email')
    await page.getByLabel('Password', { exact: true }).fill('abc')
    await expect(page.getByText('Start with capital letter & 3–12 letters only')).toBeVisible()
    await expect(page.getByText('Invalid email format')).toBeVisible()
    await expect(page.getByText('Must include uppercase, lowercase, number & symbol')).toBeVisible()
    await expectNoAxeViolations(page, 'register with bad values')
  })

  test.describe('signed in', () => {
    test.use({ signedIn: alice })

    test('favorites, empty', async ({ page }) => {
      await page.goto('/favorites')
      await expect(page.getByText('No favorite movies yet.')).toBeVisible()
      await expectNoAxeViolations(page, 'favorites without movies')
    })

    test.describe('with two favorites', () => {
      test.use({ lists: { favorites: movies.slice(0, 2).map(favoriteOf) } })

      test('favorites, with 2 movies, then a success toast', async ({ page }) => {
        await page.goto('/favorites')
        await expect(page.getByRole('button', { name: 'Remove' })).toHaveCount(2)
        await postersLoaded(page)
        await expectNoAxeViolations(page, 'favorites with 2 movies')

        // A success toast (the login and register scans cover the error kind).
        await page.getByRole('button', { name: 'Remove' }).first().click()
        await expect(toast(page, 'Removed from favorites')).toBeVisible()
        await expect(page.getByRole('button', { name: 'Remove' })).toHaveCount(1)
        await expectNoAxeViolations(page, 'favorites with the “Removed from favorites” toast')
      })
    })
  })

  test('mobile menu open at 375×740', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/')
    await expect(popularGrid(page).getByRole('article')).toHaveCount(20)
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    await expect(page.getByRole('link', { name: 'Search', exact: true })).toBeVisible()
    await expectNoAxeViolations(page, 'home at 375×740 with the menu open')
    // The dropdown's links are the site navigation: they belong to the Main landmark.
    await expect(mainNav(page).getByRole('link', { name: 'Search', exact: true })).toBeVisible()
  })
})

test.describe('titles', () => {
  test.use({ signedIn: alice })

  test('every page has exactly one h1 and its own document title', async ({ page }) => {
    test.setTimeout(45_000)
    // The title where behaviour fixes it; every title differs from the others.
    const pages: { path: string; h1: string; title?: string }[] = [
      { path: '/', h1: 'CineList', title: 'CineList' },
      { path: '/?page=2', h1: 'CineList' },
      { path: '/search', h1: 'Search Movies', title: 'Search · CineList' },
      { path: '/search?q=star', h1: 'Search Movies' },
      { path: `/movie/${movie.id}`, h1: movie.title, title: `${movie.title} · CineList` },
      { path: '/favorites', h1: 'My Favorites', title: 'My Favorites · CineList' },
      { path: '/no-such-page', h1: '404', title: 'Page not found · CineList' },
      // Signed out from here: the forms send a signed-in user home.
      { path: '/login', h1: 'Login', title: 'Login · CineList' },
      { path: '/register', h1: 'Register', title: 'Register · CineList' },
    ]
    const titles = new Map<string, string>()
    for (const { path, h1, title } of pages) {
      if (path === '/login') await mainNav(page).getByRole('button', { name: 'Logout' }).click()
      await page.goto(path)
      // The static shell's banner has the home page's h1 too: the app's page is the one read.
      await expect(page.locator('[data-home-shell]')).toHaveCount(0)
      await expect(heading(page, h1)).toBeVisible()
      await expect(page.locator('h1')).toHaveCount(1)
      if (title !== undefined) await expect(page).toHaveTitle(title)
      titles.set(path, await page.title())
    }
    const distinct = new Set(titles.values())
    expect(distinct.size, `titles by route: ${JSON.stringify(Object.fromEntries(titles))}`).toBe(
      titles.size,
    )
  })
})
