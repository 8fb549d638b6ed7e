import type { Locator, Page } from '@playwright/test'
import { firstOf, popularGrid, searchBox, searchResults } from './support/app'
import { expectNoAxeViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { openShell } from './support/shell'
import { db } from './support/tmdb'

/**
 * Under `npm start`, once the server holds a page's TMDB answer, it draws the page's view into
 * the HTML (src/lib/server-view.tsx): the home page's films, a movie's details, a search's
 * results; the login form at /login always. They paint
 * before any of the app's code has run, and the app, as it mounts, draws the same in the same
 * place.
 */

declare global {
  interface Window {
    /**
     * Times the page had no poster (on the login page, no form) while the app replaced the
     * server's view.
     */
    posterGaps?: number
  }
}

const lead = firstOf(db.discover(1).results)
const movie = firstOf(db.discover(1).results.slice(3))
const SEARCHED = 'star'

/** Each page drawn by the server: where it is, and what shows once the app has it. */
const PAGES = [
  {
    name: 'the home page',
    path: '/',
    poster: (page: Page) => page.getByRole('img', { name: lead.title }).first(),
    shown: (page: Page) => expect(popularGrid(page).getByRole('article')).toHaveCount(20),
  },
  {
    name: 'a movie’s page',
    path: `/movie/${String(movie.id)}`,
    poster: (page: Page) => page.getByRole('img', { name: movie.title }).first(),
    shown: (page: Page) =>
      expect(
        page.locator('#main').getByRole('heading', { level: 1, name: movie.title }),
      ).toBeVisible(),
  },
  {
    name: 'a search’s page',
    path: `/search?q=${SEARCHED}`,
    // A result's poster is decorative: its link is named by the title beside it.
    poster: (page: Page) => page.locator('main li img').first(),
    shown: (page: Page) =>
      expect(searchResults(page, SEARCHED).getByRole('article')).toHaveCount(10),
  },
] as const

type DrawnPage = (typeof PAGES)[number]

/** Fills the server's cache with the page's answer, as any earlier visitor would. */
async function visitOnce(page: Page, drawn: DrawnPage) {
  const earlier = await page.context().newPage()
  await earlier.goto(drawn.path)
  await drawn.shown(earlier)
  await earlier.close()
}

/** The server's view, its poster painted, with the app's code held back; returns the release. */
async function openPageView(
  page: Page,
  drawn: DrawnPage,
): Promise<{ release: () => void; poster: Locator }> {
  await visitOnce(page, drawn)
  const release = await openShell(page, drawn.path)
  const poster = drawn.poster(page)
  await expect(page.locator('[data-page-view]')).toBeVisible()
  await expect(poster).toBeVisible()
  await expect
    .poll(() => poster.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0)
  return { release, poster }
}

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 412, height: 823 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport })

    for (const drawn of PAGES) {
      test(`${drawn.name}: the poster paints before the app runs, and the app takes over without moving or dropping it`, async ({
        page,
      }) => {
        const { release, poster } = await openPageView(page, drawn)
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
        const painted = await poster.boundingBox()
        // Counted after every change to the page: a moment with no poster would be a blink
        // between the server's view and the app's (no frame is painted in between).
        await page.evaluate(() => {
          const root = document.getElementById('root')
          if (!root) throw new Error('no #root')
          window.posterGaps = 0
          new MutationObserver(() => {
            if (!root.querySelector('article img')) window.posterGaps = (window.posterGaps ?? 0) + 1
          }).observe(root, { childList: true, subtree: true })
        })

        // As on a slow phone and network: the app's code takes longer than a moment to be ready.
        const cdp = await page.context().newCDPSession(page)
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
        await page.route(/\/assets\/(?!index-)[^/]+\.js$/, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 400))
          await route.fallback()
        })
        release()
        await expect(page.locator('[data-page-view]')).toHaveCount(0)
        await drawn.shown(page)
        expect(await poster.boundingBox()).toEqual(painted)
        expect(await page.evaluate(() => window.posterGaps)).toBe(0)
      })
    }
  })
}

for (const drawn of PAGES) {
  test(`the server’s view of ${drawn.name} has no accessibility violations, in either theme`, async ({
    page,
  }) => {
    const { release } = await openPageView(page, drawn)
    await expectNoAxeViolations(page, `the server’s view of ${drawn.name}, dark theme`)
    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'light'
    })
    await expectNoAxeViolations(page, `the server’s view of ${drawn.name}, light theme`)
    release()
  })
}

test('what a visitor types into the server’s search box before the app takes over stays, with the focus', async ({
  page,
}) => {
  const drawn = PAGES[2]
  const { release } = await openPageView(page, drawn)
  const drawnBox = page.locator('[data-page-view]').getByRole('searchbox', { name: 'Movie title' })
  await drawnBox.focus()
  await page.keyboard.press('End')
  await page.keyboard.type(' wars')
  release()
  await expect(page.locator('[data-page-view]')).toHaveCount(0)
  await expect(searchBox(page)).toHaveValue(`${SEARCHED} wars`)
  await expect(searchBox(page)).toBeFocused()
  // Typing goes on where it left off, and the search follows.
  await page.keyboard.type('!')
  await expect(searchBox(page)).toHaveValue(`${SEARCHED} wars!`)
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(`${SEARCHED} wars!`)
  await expect(page).toHaveTitle('Search: star wars! · CineList')
})

test.describe('the login page', () => {
  test.use({ viewport: { width: 412, height: 823 } })

  test('its form paints before the app runs; the app takes over in place, keeping what was typed and the focus', async ({
    page,
  }) => {
    const release = await openShell(page, '/login')
    const view = page.locator('[data-page-view]')
    await expect(view.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible()
    const form = page.locator('main form')
    const painted = await form.boundingBox()
    await view.getByLabel('Email').fill('nobody@example.com')
    await view.getByLabel('Password').click()
    await page.keyboard.type('Not-the-pass-1')
    // Only the app sends the form: Enter before it has taken over sends nothing anywhere.
    await page.keyboard.press('Enter')
    await expect(view.getByRole('button', { name: 'Login' })).toBeDisabled()
    await page.evaluate(() => {
      const root = document.getElementById('root')
      if (!root) throw new Error('no #root')
      window.posterGaps = 0
      new MutationObserver(() => {
        if (!root.querySelector('form input[name="email"]')) {
          window.posterGaps = (window.posterGaps ?? 0) + 1
        }
      }).observe(root, { childList: true, subtree: true })
    })
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    release()
    await expect(view).toHaveCount(0)
    await expect(page.getByLabel('Email')).toHaveValue('nobody@example.com')
    await expect(page.getByLabel('Password')).toHaveValue('Not-the-pass-1')
    await expect(page.getByLabel('Password')).toBeFocused()
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled()
    expect(await form.boundingBox()).toEqual(painted)
    expect(await page.evaluate(() => window.posterGaps)).toBe(0)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    // What was typed is the form's: sent, it is checked (no such account), not found empty.
    await page.keyboard.press('Enter')
    await expect(page.getByText('Incorrect email or password')).toBeVisible()
  })

  test('the server’s view of it has no accessibility violations, in either theme', async ({
    page,
  }) => {
    const release = await openShell(page, '/login')
    await expect(page.locator('[data-page-view]')).toBeVisible()
    await expectNoAxeViolations(page, 'the server’s view of the login page, dark theme')
    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'light'
    })
    await expectNoAxeViolations(page, 'the server’s view of the login page, light theme')
    release()
  })
})

test.describe('signed in', () => {
  test.use({
    serverAccounts: true,
    signedIn: { name: 'Alice', email: 'alice-view@example.com', password: 'Alice-pass-1' },
  })

  test('a movie’s page shows none of the server’s view, drawn for a visitor nobody is signed in as', async ({
    page,
  }) => {
    const drawn = PAGES[1]
    await visitOnce(page, drawn)
    await openShell(page, drawn.path)
    await expect(page.locator('[data-page-view]')).toBeAttached()
    await expect(page.locator('[data-page-view]')).toBeHidden()
  })
})
