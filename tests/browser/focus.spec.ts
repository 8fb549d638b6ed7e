import type { Locator, Page } from '@playwright/test'
import { THEME_KEY } from '../../src/features/theme/theme-store'
import { listEntryOf } from '../expected'
import {
  expectedSearch,
  firstOf,
  mainNav,
  pagination,
  popularGrid,
  postersLoaded,
  searchResults,
  toast,
} from './support/app'
import { expect, test } from './support/fixtures'
import { focusRingCoverage, isFocused, tabTo } from './support/focus'
import { db } from './support/tmdb'

/**
 * Keyboard and screen reader use beyond what axe checks (WCAG 2.2 AA): focus that shows on any
 * poster and never hides under the sticky bar, toggles told apart by their film, Escape,
 * focus after paging and Back, and cards that keep their text at 320 px.
 */

const user = { name: 'Lena', email: 'lena@example.com', password: 'Lena-pass1' }
const popular = db.discover(1).results
const listed = popular.slice(0, 6).map((movie) => listEntryOf(movie))
test.use({ signedIn: user, lists: { favorites: listed, watchlist: listed, seen: listed } })

const WIDTHS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 780 } }
const THEMES = ['dark', 'light'] as const

/** The focused element's top and the sticky bar's bottom, in the viewport. */
const focusAndBar = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement
    const bar = document.querySelector('header')
    if (!focused || !bar) return null
    const rect = focused.getBoundingClientRect()
    return {
      what: `${focused.tagName.toLowerCase()} “${focused.textContent.trim().slice(0, 30)}”`,
      top: rect.top,
      barBottom: bar.getBoundingClientRect().bottom,
      inMain: Boolean(focused.closest('main')),
    }
  })

for (const theme of THEMES) {
  for (const [widthName, viewport] of Object.entries(WIDTHS)) {
    test.describe(`${theme} theme, ${widthName}`, () => {
      test.use({ viewport, storage: { [THEME_KEY]: JSON.stringify(theme) } })

      test('focus shows in full on every kind of card link and control', async ({ page }) => {
        await page.goto('/')
        await postersLoaded(page)
        const card = popularGrid(page).getByRole('article').first()
        const targets: [string, Locator][] = [
          ['a home card’s poster link', card.getByRole('link')],
          ['its Add to Favorites button', card.getByRole('button', { name: 'Add to Favorites' })],
          ['its watchlist toggle', card.getByRole('button', { name: 'On Watchlist' })],
        ]
        for (const [what, target] of targets) {
          expect(await focusRingCoverage(page, target), what).toBeGreaterThan(0.95)
        }

        await page.goto('/search?q=star')
        await postersLoaded(page)
        const result = searchResults(page, 'star').getByRole('link').first()
        expect(await focusRingCoverage(page, result), 'a search result').toBeGreaterThan(0.95)

        await page.goto('/watchlist')
        await postersLoaded(page)
        const entry = page.getByRole('main').getByRole('link').first()
        expect(await focusRingCoverage(page, entry), 'a list card').toBeGreaterThan(0.95)
      })

      test('Shift+Tab up the home page never leaves focus under the bar', async ({ page }) => {
        await page.goto('/')
        await expect(popularGrid(page).getByRole('article')).toHaveCount(popular.length)
        await pagination(page).getByRole('button', { name: 'Next' }).focus()
        for (let step = 0; step < 70; step++) {
          await page.keyboard.press('Shift+Tab')
          const focus = await focusAndBar(page)
          if (!focus?.inMain) break
          expect(focus.top, `${focus.what} below the bar`).toBeGreaterThanOrEqual(focus.barBottom)
        }
      })
    })
  }
}

test('every toggle is described by its film’s title, on cards, results and list pages', async ({
  page,
}) => {
  const expectDescribed = async (scope: Locator, names: RegExp) => {
    const cards = scope.getByRole('article')
    await expect(cards.first()).toBeVisible()
    for (const card of (await cards.all()).slice(0, 4)) {
      const title = (await card.getByRole('link').textContent())?.trim() || ''
      const shownTitle = title || ((await card.getByRole('heading').textContent()) ?? '').trim()
      const buttons = card.getByRole('button', { name: names })
      expect(await buttons.count()).toBeGreaterThan(0)
      // A favorite's Add to Favorites button also says that it is one.
      const favorite = (await card.getByText(/^★ In Favorites$/).count()) > 0
      for (const button of await buttons.all()) {
        const addsFavorite = (await button.textContent())?.trim() === 'Add to Favorites'
        await expect(button).toHaveAccessibleDescription(
          addsFavorite && favorite ? `${shownTitle} In Favorites` : shownTitle,
        )
      }
    }
  }
  const toggles = /Watchlist|seen|Seen|Favorites|Remove/
  await page.goto('/')
  await expectDescribed(popularGrid(page), toggles)
  await page.goto('/search?q=star')
  await expectDescribed(searchResults(page, 'star'), toggles)
  await page.goto(`/movie/${String(firstOf(popular).id)}`)
  await expectDescribed(page.getByRole('region', { name: 'More like this' }), toggles)
  for (const list of ['/favorites', '/watchlist', '/seen']) {
    await page.goto(list)
    await expectDescribed(page.getByRole('main'), toggles)
  }
})

test('a search result can go on the watchlist and the seen list without opening it', async ({
  page,
}) => {
  const term = 'star'
  const found = firstOf(expectedSearch(term).movies)
  await page.goto(`/search?q=${term}`)
  const result = searchResults(page, term).getByRole('article').first()
  await expect(result.getByRole('link')).toHaveText(found.title)
  await result.getByRole('button', { name: 'Add to Watchlist', exact: true }).click()
  await expect(toast(page, 'Added to watchlist')).toBeVisible()
  await expect(result.getByRole('button', { name: 'On Watchlist' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await result.getByRole('link').click()
  await expect(page).toHaveURL(new RegExp(`/movie/${String(found.id)}$`))
})

test.describe('on a phone', () => {
  test.use({ viewport: WIDTHS.phone })

  test('Escape closes the menu and gives focus back to its button', async ({ page }) => {
    await page.goto('/')
    const menuButton = mainNav(page).getByRole('button', { name: 'Open menu' })
    await menuButton.click()
    const menuLink = mainNav(page).getByRole('link', { name: 'Search', exact: true })
    await expect(menuLink).toBeVisible()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Escape')
    await expect(menuLink).toBeHidden()
    await expect(menuButton).toBeFocused()
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false')
  })

  test('Tab out of the open menu closes it, and focus shows below the bar', async ({ page }) => {
    await page.goto('/')
    await expect(popularGrid(page).getByRole('article')).toHaveCount(popular.length)
    await page.evaluate(() => {
      window.scrollTo(0, 2000)
    })
    const header = page.getByRole('banner')
    const menuButton = header.getByRole('button', { name: /menu$/ })
    await menuButton.click()
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true')
    const inHeader = () => page.evaluate(() => Boolean(document.activeElement?.closest('header')))
    let steps = 0
    while ((await inHeader()) && steps < 20) {
      await page.keyboard.press('Tab')
      steps++
    }
    expect(await inHeader(), 'Tab left the menu').toBe(false)
    const focus = await focusAndBar(page)
    expect(focus?.inMain, `${String(focus?.what)} in the page`).toBe(true)
    expect(focus?.top, `${String(focus?.what)} below the bar`).toBeGreaterThanOrEqual(
      focus?.barBottom ?? Infinity,
    )
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false')
  })
})

test('paging moves focus to the results’ heading, which says the page', async ({ page }) => {
  await page.goto('/')
  await expect(popularGrid(page).getByRole('article')).toHaveCount(popular.length)
  const pageTwo = pagination(page).getByRole('button', { name: '2', exact: true })
  await tabTo(page, pageTwo, { max: 120 })
  await page.keyboard.press('Enter')
  const heading = popularGrid(page).getByRole('heading', { level: 2, name: 'Popular Movies' })
  await expect(heading).toBeFocused()
  await expect(heading).toHaveAccessibleDescription(
    `Page 2 of ${String(db.discover(2).total_pages)}`,
  )
  await expect(heading).toBeInViewport()
  await expect(popularGrid(page).getByRole('heading', { level: 3 }).first()).toHaveText(
    firstOf(db.discover(2).results).title,
  )
})

test('Back returns focus to the card that was opened', async ({ page }) => {
  await page.goto('/')
  const opened = popularGrid(page).getByRole('article').nth(5).getByRole('link')
  await expect(opened).toBeVisible()
  await tabTo(page, opened, { max: 120 })
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: popular[5]?.title })).toBeFocused()
  await page.goBack()
  await expect.poll(() => isFocused(opened)).toBe(true)
  await expect(opened).toBeInViewport()
})

test('the login form marks its empty fields, besides the toast', async ({ page }) => {
  await page.goto('/')
  await mainNav(page).getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)
  const email = page.getByLabel('Email', { exact: true })
  const password = page.getByLabel('Password', { exact: true })
  await email.fill('someone@example.com')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(toast(page, 'All fields are required')).toBeVisible()
  await expect(password).toHaveAttribute('aria-invalid', 'true')
  await expect(password).toHaveAccessibleDescription('Password is required')
  await expect(email).not.toHaveAttribute('aria-invalid', 'true')
})

test('a toast is no Tab stop; sonner’s Alt+T leads there, with a visible ring', async ({
  page,
}) => {
  await page.goto('/')
  await mainNav(page).getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)
  const login = page.getByRole('button', { name: 'Login', exact: true })
  await login.click()
  const shown = toast(page, 'All fields are required')
  await expect(shown).toBeVisible()
  // Round the whole page and back to the form, while the toast (4 s) is still up.
  const inToaster = () =>
    page.evaluate(() =>
      Boolean(document.activeElement?.closest('[data-sonner-toaster], [aria-live]')),
    )
  let steps = 0
  do {
    await page.keyboard.press('Tab')
    expect(await inToaster(), `Tab ${String(++steps)}`).toBe(false)
  } while (!(await isFocused(login)) && steps < 40)
  expect(await isFocused(login), 'Tab came back to the form').toBe(true)
  await expect(shown).toBeVisible()

  // sonner's shortcut leads to the toasts, which then show where focus is.
  await page.keyboard.press('Alt+KeyT')
  expect(await inToaster(), 'Alt+T leads to the toasts').toBe(true)
  const outline = await page.evaluate(() => {
    const style = getComputedStyle(document.activeElement ?? document.body)
    return { width: parseFloat(style.outlineWidth), style: style.outlineStyle }
  })
  expect(outline.style).toBe('solid')
  expect(outline.width).toBeGreaterThanOrEqual(2)
})

test('the toasts’ live region is in the page before the first toast', async ({ page }) => {
  // A toast raised as the page starts: the guard's, on a first visit to /favorites signed out.
  await page.addInitScript(() => {
    const times: { region?: number; toast?: number } = {}
    Reflect.set(window, '__e2eLive', times)
    new MutationObserver(() => {
      const now = performance.now()
      if (document.querySelector('section[aria-live]')) times.region ??= now
      if (document.querySelector('[data-sonner-toast]')) times.toast ??= now
    }).observe(document, { childList: true, subtree: true })
  })
  await page.goto('/')
  await mainNav(page).getByRole('button', { name: 'Logout' }).click()
  await page.goto('/favorites')
  await expect(toast(page, 'You must be logged in to access this page')).toBeVisible()
  const times = await page.evaluate(
    () => Reflect.get(window, '__e2eLive') as { region?: number; toast?: number },
  )
  expect(times.region).toBeDefined()
  // Raised as the page starts, the toast still waits for its region to have settled.
  expect((times.toast ?? 0) - (times.region ?? Infinity)).toBeGreaterThanOrEqual(100)
})

test.describe('cards at 320 px, with text spacing raised (WCAG 1.4.10, 1.4.12)', () => {
  test.use({ viewport: { width: 320, height: 640 } })

  /** Titles and buttons of every card that spill out of their box, as "what: by N px". */
  const spills = (page: Page) =>
    page.locator('main article').evaluateAll((cards) =>
      cards.flatMap((card) => {
        const box = card.getBoundingClientRect()
        const found: string[] = []
        for (const element of card.querySelectorAll('h2, h3, a span, button, button > span')) {
          const rect = element.getBoundingClientRect()
          const overflow = Math.max(
            element.scrollWidth - element.clientWidth,
            box.left - rect.left,
            rect.right - box.right,
          )
          if (overflow > 0.5) found.push(`${element.textContent}: by ${String(overflow)} px`)
        }
        return found
      }),
    )

  for (const spacing of [false, true]) {
    test(`titles wrap and toggles grow${spacing ? ', text spacing raised' : ''}`, async ({
      page,
    }) => {
      for (const path of ['/favorites', '/watchlist', '/', '/search?q=star']) {
        await page.goto(path)
        await expect(page.locator('main article').first()).toBeVisible()
        if (spacing) {
          // WCAG 1.4.12's spacing, as a user style sheet would set it (the CSP allows no
          // inline <style>; a constructed sheet is the page's own).
          await page.evaluate(() => {
            const sheet = new CSSStyleSheet()
            sheet.replaceSync(`* { line-height: 1.5 !important; letter-spacing: 0.12em !important;
              word-spacing: 0.16em !important } p { margin-bottom: 2em !important }`)
            document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
          })
        }
        expect(await spills(page), path).toEqual([])
      }
    })
  }
})
