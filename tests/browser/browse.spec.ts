import type { Page } from '@playwright/test'
import { SEARCH_DEBOUNCE_MS } from '../../src/features/search/constants'
import {
  mainNav,
  overviewPreview,
  pagination,
  popularGrid,
  searchBox,
  searchResults,
  toast,
} from './support/app'
import { expect, test } from './support/fixtures'
import { db } from './support/tmdb'

/**
 * The screens as a real browser lays them out and navigates them: the grid's columns, the sticky
 * bar, the phone menu, scroll restoration. Their rules (pagination, search, the bar's links, the
 * not-found page) are checked once, in tests/components.
 */

const IMAGES = 'https://image.tmdb.org/t/p'

/** The grid shows page `n` of the catalog, marked in the pagination and in the URL. */
async function expectPopularPage(page: Page, n: number) {
  await expect(
    popularGrid(page).getByRole('article').getByRole('heading', { level: 3 }),
  ).toHaveText(db.discover(n).results.map((movie) => movie.title))
  await expect(
    pagination(page).getByRole('button', { name: String(n), exact: true }),
  ).toHaveAttribute('aria-current', 'page')
  await expect(page).toHaveURL((url) =>
    n === 1
      ? url.pathname === '/' && url.search === ''
      : url.pathname === '/' && url.search === `?page=${n}`,
  )
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY))

test.describe('home', () => {
  test('shows the hero banner and 20 popular cards with poster, title, preview and button', async ({
    page,
  }) => {
    await page.goto('/')
    await expect(page).toHaveTitle('CineList')
    await expect(page.locator('h1')).toHaveCount(1)
    await expect(page.getByRole('heading', { level: 1, name: 'CineList' })).toBeVisible()
    await expect(
      page.getByText('Discover amazing movies and build your personal favorites collection', {
        exact: true,
      }),
    ).toBeVisible()
    await expect(page.getByText(/^Welcome,/)).toHaveCount(0)

    const expected = db.discover(1).results
    const cards = popularGrid(page).getByRole('article')
    await expect(cards).toHaveCount(20)
    for (const [index, movie] of expected.entries()) {
      const card = cards.nth(index)
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(movie.title)
      const poster = card.getByRole('img', { name: movie.title, exact: true })
      // Behaviour §7: grid posters come from the image host at width 300.
      await expect(poster).toHaveAttribute('src', `${IMAGES}/w300${movie.poster_path}`)
      await expect(card.getByRole('link', { name: movie.title, exact: true })).toHaveAttribute(
        'href',
        `/movie/${movie.id}`,
      )
      await expect(card.getByText(overviewPreview(movie.overview), { exact: true })).toBeVisible()
      await expect(card.getByRole('button', { name: 'Add to Favorites' })).toBeVisible()
    }
  })

  test('the popular grid has 1, 3 and 4 columns on small, medium and large screens', async ({
    page,
  }) => {
    const columns = () =>
      popularGrid(page)
        .getByRole('article')
        .evaluateAll(
          (cards) => new Set(cards.slice(0, 8).map((card) => card.getBoundingClientRect().x)).size,
        )
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/')
    await expect(popularGrid(page).getByRole('article')).toHaveCount(20)
    await expect.poll(columns).toBe(1)
    await page.setViewportSize({ width: 800, height: 900 })
    await expect.poll(columns).toBe(3)
    await page.setViewportSize({ width: 1280, height: 900 })
    await expect.poll(columns).toBe(4)
  })
})

test.describe('a movie’s page', () => {
  for (const width of [768, 1280]) {
    test(`at ${String(width)} px its poster's frame is the poster's height, however long the text beside it`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 })
      const movie = db.discover(1).results[0]
      if (!movie) throw new Error('empty catalog')
      await page.goto(`/movie/${String(movie.id)}`)
      const poster = page.locator('main article img').first()
      await expect(poster).toBeVisible()
      const heights = await poster.evaluate((image) => ({
        image: image.getBoundingClientRect().height,
        frame: image.parentElement?.getBoundingClientRect().height ?? 0,
      }))
      expect(Math.abs(heights.frame - heights.image)).toBeLessThan(1)
    })
  }
})

test.describe('pagination', () => {
  test('Back and Forward restore the page and its scroll position', async ({ page }) => {
    await page.goto('/')
    await expectPopularPage(page, 1)
    const next = pagination(page).getByRole('button', { name: 'Next' })
    await next.scrollIntoViewIfNeeded()
    const leftPage1At = await scrollY(page)
    expect(leftPage1At).toBeGreaterThan(500)
    await next.click()
    await expectPopularPage(page, 2)

    await page.evaluate(() => {
      window.scrollTo(0, 900)
    })
    await expect.poll(() => scrollY(page)).toBe(900)

    await page.goBack()
    await expectPopularPage(page, 1)
    await expect.poll(() => scrollY(page)).toBeCloseTo(leftPage1At, -1)

    await page.goForward()
    await expectPopularPage(page, 2)
    await expect.poll(() => scrollY(page)).toBeCloseTo(900, -1)
  })
})

test.describe('search', () => {
  test('the results grid has 2 columns on small screens and 4 from medium up', async ({ page }) => {
    const columns = () =>
      searchResults(page, 'star')
        .getByRole('listitem')
        .evaluateAll(
          (items) => new Set(items.slice(0, 8).map((item) => item.getBoundingClientRect().x)).size,
        )
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/search?q=star')
    await expect(searchResults(page, 'star').getByRole('listitem')).toHaveCount(10)
    await expect.poll(columns).toBe(2)
    await page.setViewportSize({ width: 800, height: 900 })
    await expect.poll(columns).toBe(4)
  })

  test('a term without matches shows “No movies found”; clearing shows the prompt again', async ({
    page,
  }) => {
    await page.clock.install()
    await page.goto('/search')
    await searchBox(page).fill('qqzzxxqq')
    // The debounce runs in the page's clock: no real wait.
    await page.clock.runFor(SEARCH_DEBOUNCE_MS)
    await expect(page.getByText('No movies found', { exact: true })).toBeVisible()
    await expect(page).toHaveURL(/\?q=qqzzxxqq$/)

    await searchBox(page).fill('')
    await page.clock.runFor(SEARCH_DEBOUNCE_MS)
    await expect(page.getByText('Enter a movie title to start searching')).toBeVisible()
    await expect(page).toHaveURL((url) => url.pathname === '/search' && url.search === '')
    await expect(page.getByText('No movies found')).toHaveCount(0)
  })
})

test.describe('navigation bar', () => {
  test('stays on screen (sticky) when the page is scrolled', async ({ page }) => {
    await page.goto('/')
    await expect(popularGrid(page).getByRole('article')).toHaveCount(20)
    await page.evaluate(() => {
      window.scrollTo(0, 2000)
    })
    await expect.poll(() => scrollY(page)).toBe(2000)
    await expect(mainNav(page)).toBeInViewport()
    expect((await mainNav(page).boundingBox())?.y).toBeLessThan(20)
  })

  test.describe('on a 375 × 740 phone', () => {
    test.use({ viewport: { width: 375, height: 740 } })

    test('the links sit in a menu the button toggles; choosing one closes it and navigates', async ({
      page,
    }) => {
      await page.goto('/')
      const header = page.getByRole('banner')
      const open = header.getByRole('button', { name: 'Open menu' })
      await expect(open).toHaveAttribute('aria-expanded', 'false')
      await expect(header.getByRole('link', { name: 'Search', exact: true })).toHaveCount(0)

      await open.click()
      const close = header.getByRole('button', { name: 'Close menu' })
      await expect(close).toHaveAttribute('aria-expanded', 'true')
      for (const name of ['Home', 'Search', 'Favorites', 'Login']) {
        await expect(header.getByRole('link', { name, exact: true })).toBeVisible()
      }

      await close.click()
      await expect(open).toHaveAttribute('aria-expanded', 'false')
      await expect(header.getByRole('link', { name: 'Home', exact: true })).toHaveCount(0)

      await open.click()
      await header.getByRole('link', { name: 'Search', exact: true }).click()
      await expect(page).toHaveURL('/search')
      await expect(page.getByRole('heading', { level: 1, name: 'Search Movies' })).toBeVisible()
      await expect(open).toHaveAttribute('aria-expanded', 'false')
      await expect(header.getByRole('link', { name: 'Search', exact: true })).toHaveCount(0)
    })
  })

  test.describe('on a 390 px phone, signed out', () => {
    test.use({ viewport: { width: 390, height: 780 }, hasTouch: true })

    test('a toast never covers the open menu: Home can be tapped while it shows', async ({
      page,
    }) => {
      await page.goto('/')
      const header = page.getByRole('banner')
      await header.getByRole('button', { name: 'Open menu' }).tap()
      await header.getByRole('link', { name: 'Favorites', exact: true }).tap()
      await expect(page).toHaveURL(/\/login/)
      const guard = toast(page, 'You must be logged in to access this page')
      await expect(guard).toBeVisible()
      await header.getByRole('button', { name: 'Open menu' }).tap()
      const home = header.getByRole('link', { name: 'Home', exact: true })
      await expect(home).toBeVisible()
      const box = await home.boundingBox()
      if (!box) throw new Error('Home has no box')
      await expect(guard).toBeInViewport()
      // A tap where the link shows, whatever lies on top of it (a locator's tap would wait).
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2)
      await expect(page).toHaveURL((url) => url.pathname === '/')
      await expect(popularGrid(page).getByRole('article').first()).toBeVisible()
    })
  })

  test('on a desktop screen the links are inline and there is no menu button', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('button', { name: /menu/i })).toHaveCount(0)
    await expect(mainNav(page).getByRole('link', { name: 'Favorites' })).toBeVisible()
  })
})
